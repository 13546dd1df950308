// Child process of the realtime bench: a second Lexhub instance on the same PostgreSQL that
// publishes bench commands through its own hub (NOTIFY), for the cross-instance latency.
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/client.js';
import { BENCH_COMMAND, publishSteadily } from './realtime-publisher.js';
import type { InstanceReply, InstanceRequest } from './realtime-protocol.js';

const reply = (message: InstanceReply) => process.send!(message);

async function main() {
  const url = process.env.BENCH_INSTANCE_DATABASE_URL;
  if (!url) throw new Error('BENCH_INSTANCE_DATABASE_URL is not set');
  const database = await openDatabase({ dataDir: 'unused', databaseUrl: url });
  const app = await buildApp({ database });
  await app.ready();
  process.on('message', (request: InstanceRequest) => {
    void (async () => {
      try {
        if (request.type === 'publish') {
          const outcome = await publishSteadily(request.plan, (userId, payload) =>
            app.realtime.publish(userId, BENCH_COMMAND, payload),
          );
          reply({ type: 'published', outcome });
        } else {
          await app.close();
          await database.close();
          reply({ type: 'closed' });
          process.disconnect();
        }
      } catch (error) {
        reply({ type: 'failure', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  reply({ type: 'ready' });
}

main().catch((error: unknown) => {
  reply({ type: 'failure', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
