// The model host's process: loads the embedded LLM once, then serves it on the socket the worker
// names (SVC_LLM_HOST_SOCKET). Tells its parent `ready` (or the error) over the IPC channel.
import { LlamaLLM } from '@svc/agents-plugin-embedded';
import { serveModel } from './host.js';

const socketPath = process.env.SVC_LLM_HOST_SOCKET;
try {
  if (!socketPath) throw new Error('the model host needs SVC_LLM_HOST_SOCKET');
  const model = new LlamaLLM({ sequences: Number(process.env.SVC_LLM_SEQUENCES ?? 2) });
  await model.load();
  const server = await serveModel(model, socketPath);
  process.send?.({ ready: true, model: model.model });
  // The worker's end is the host's end.
  process.on('disconnect', () => {
    server.close();
    process.exit(0);
  });
} catch (error) {
  process.send?.({ ready: false, error: (error as Error).message ?? String(error) });
  process.exit(1);
}
