/**
 * The worker thread of `warmGazetteer` (issue 18): builds the gazetteer's packed index and posts
 * it to the server's thread; the garbage of building it goes when this thread ends.
 */
import { parentPort } from 'node:worker_threads';
import { buildIndex } from './gazetteer.js';

parentPort?.postMessage(buildIndex());
