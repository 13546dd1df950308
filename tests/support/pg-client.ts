// One short-lived PostgreSQL connection for a piece of work (creating or dropping a test database,
// dropping a LISTEN connection), closed however the work ends.
import pg from 'pg';

export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
