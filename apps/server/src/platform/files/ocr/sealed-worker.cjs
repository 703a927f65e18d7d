'use strict';
// The OCR engine's thread: tesseract.js's own worker script, with the network taken away first and
// its failures answered. (Plain CommonJS: a worker thread starts without the TypeScript loader.)
//
// 1. Every way out of this thread to the network throws, so a missing or misnamed data folder fails
//    loudly instead of downloading trained data from a CDN, which is tesseract.js's default.
//    tesseract.js takes `global.fetch` when its script loads, so this runs before it.
// 2. A crash inside the engine (the WebAssembly runtime aborting, say on memory) is sent back as the
//    failure of the jobs still open, instead of leaving their promises waiting for ever.
// 3. A start that fails (the model cannot be loaded) ends the thread once the failure is sent:
//    tesseract.js's createWorker then never settles, so the caller has no worker to terminate.
const { parentPort } = require('node:worker_threads');

function refuse(what) {
  const err = new Error(`OCR may not use the network (${what})`);
  err.code = 'ERR_OCR_NETWORK_REFUSED';
  throw err;
}
globalThis.fetch = async () => refuse('fetch');
for (const name of ['node:http', 'node:https']) {
  const client = require(name);
  client.request = () => refuse(`${name}.request`);
  client.get = () => refuse(`${name}.get`);
}
const net = require('node:net');
net.connect = () => refuse('net.connect');
net.createConnection = () => refuse('net.createConnection');
net.Socket.prototype.connect = () => refuse('socket.connect');
require('node:tls').connect = () => refuse('tls.connect');
require('node:dns').lookup = () => refuse('dns.lookup');

const STARTING = new Set(['load', 'loadLanguage', 'initialize']);
const open = new Map();
const key = (packet) => `${packet.action}-${packet.jobId}`;
parentPort.on('message', (packet) => open.set(key(packet), packet));
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (message) => {
  if (message && message.status !== 'progress') open.delete(key(message));
  post(message);
  if (message && message.status === 'reject' && STARTING.has(message.action)) setImmediate(() => process.exit(1));
};
function failOpenJobs(err) {
  const jobs = [...open.values()];
  for (const packet of jobs) {
    parentPort.postMessage({ workerId: packet.workerId, jobId: packet.jobId, action: packet.action, status: 'reject', data: `The OCR engine failed: ${err}` });
  }
}
process.on('uncaughtException', failOpenJobs);
process.on('unhandledRejection', failOpenJobs);

require('tesseract.js/src/worker-script/node/index.js');
