/** pdf.js's worker code, loaded on the reader's own thread in Node (it ships no types of its own). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
