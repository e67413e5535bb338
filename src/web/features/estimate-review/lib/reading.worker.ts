/**
 * The review's reader, off the page's thread: it keeps the estimate's text and reads it again for each
 * request (`readForReview`), so a 2,000-line estimate read again after a correction never holds up a
 * select or a keystroke. Messages: `reading-types.ts`.
 */
import { readForReview } from './reading';
import type { AsReadLine, FromReadingWorker, ToReadingWorker } from './reading-types';

let content = '';
let baseline: { key: string; asRead: AsReadLine[] } | null = null;

const reply = (message: FromReadingWorker) => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<ToReadingWorker>) => {
  const message = event.data;
  if (message.type === 'content') {
    content = message.content;
    baseline = null;
    return;
  }
  try {
    const read = readForReview(content, message.options, baseline);
    baseline = read.baseline;
    reply({ type: 'read', id: message.id, reading: read.reading });
  } catch (error) {
    reply({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});
