/**
 * The gazetteer's worker thread: builds the packed index and moves it to the thread
 * that started it with its buffers in the transfer list, so the hand-over copies nothing and the
 * garbage of building goes when this thread ends.
 */
import { parentPort } from 'node:worker_threads';
import { gazetteerBuffers } from './gazetteer.js';
import { buildIndex } from './gazetteer-build.js';

const index = buildIndex();
parentPort?.postMessage(index, gazetteerBuffers(index));
