import pg from 'pg';
import { reuseParsedStatements } from './parsed-statements.js';

/** A client that never connects: the prototype's query below records what it is given. */
const recordingClient = () => ({ client: Object.create(pg.Client.prototype) as pg.Client });

describe('reuseParsedStatements', () => {
  const original = pg.Client.prototype.query;
  const sent: unknown[] = [];
  beforeAll(() => {
    // The prototype's own query only records what it was given (patched before the kit wraps it).
    (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (config: unknown, values?: unknown) {
      sent.push(values === undefined ? config : [config, values]);
      return Promise.resolve({ rows: [] });
    };
    reuseParsedStatements();
    reuseParsedStatements(); // once is enough; a second call changes nothing
  });
  afterAll(() => {
    pg.Client.prototype.query = original;
  });

  it('names a parameterised statement by its SQL, the same name every time', async () => {
    const { client } = recordingClient();
    await client.query('SELECT * FROM t WHERE id = $1', [1]);
    await client.query('SELECT * FROM t WHERE id = $1', [2]);
    await client.query('SELECT * FROM u WHERE id = $1', [3]);
    const [a, b, c] = sent.splice(0) as { name: string; text: string; values: unknown[] }[];
    expect(a).toEqual({ name: expect.stringMatching(/^vton_[0-9a-f]{24}$/), text: 'SELECT * FROM t WHERE id = $1', values: [1] });
    expect(b).toEqual({ ...a, values: [2] });
    expect(c.name).not.toBe(a.name);
  });

  it('leaves statements without parameters, and query objects, as they are', async () => {
    const { client } = recordingClient();
    await client.query('BEGIN');
    await client.query('SELECT 1', []);
    await client.query({ text: 'SELECT $1::int', values: [1] });
    expect(sent.splice(0)).toEqual(['BEGIN', ['SELECT 1', []], { text: 'SELECT $1::int', values: [1] }]);
  });
});
