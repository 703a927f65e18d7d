import type { Role } from '@civicdesk/contract';
import { createUser, seedExampleCity } from './example-city';
import { createTestApp, type TestApp } from './harness';
import { type OpenAiProtocolServer, settingsFor, startOpenAiProtocolServer } from './openai-protocol-server';

/**
 * A server whose AI engine is a scripted model behind the OpenAI protocol (it answers '{}' until a
 * test scripts it), over the example city with one user of `role`.
 */
export async function startAppWithModel(email: string, role: Role = 'CLERK'): Promise<{ t: TestApp; model: OpenAiProtocolServer; close: () => Promise<void> }> {
  const model = await startOpenAiProtocolServer(() => '{}');
  const t = await createTestApp(settingsFor(model));
  const ex = await seedExampleCity(t.db);
  await createUser(t.db, { email, role, ...ex });
  return {
    t,
    model,
    close: async () => {
      await t.close();
      await model.close();
    },
  };
}
