/**
 * The built-in analysis in a thread of its own (see analysis-thread.ts): one message in, the
 * estimate's text and options; one message out, its plan or why it failed.
 */
import { parentPort } from 'node:worker_threads';
import { estimateToPlan } from '../../../domain/estimate/index.js';
import type { AnalysisReply, AnalysisRequest } from './analysis-protocol.js';

const port = parentPort;
if (!port) throw new Error('analysis-worker runs as a worker thread');

port.on('message', (request: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    reply = { id: request.id, plan: estimateToPlan(request.text, request.options) };
  } catch (err) {
    reply = {
      id: request.id,
      error: {
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      },
    };
  }
  port.postMessage(reply);
});
