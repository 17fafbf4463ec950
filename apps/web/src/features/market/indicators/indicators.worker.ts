/**
 * The indicators' full computation off the main thread (docs/decisions.md "Chart indicators"):
 * it answers each request with a snapshot the page continues from; live ticks then update
 * only the tail on the main thread.
 */
import { computeSnapshot, type WorkerRequest, type WorkerAnswer } from './compute';

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const answer: WorkerAnswer = { id: event.data.id, snapshot: computeSnapshot(event.data) };
  self.postMessage(answer);
};
