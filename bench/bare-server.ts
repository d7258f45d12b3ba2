import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baseline for the framework-overhead benchmark: a bare Fastify route running the
 * same query as the product's list endpoint (page and window count), with no auth, tenancy or validation.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify();
app.get('/bare/menus', async (req) => {
  const { tenantId, skip = '0', max = '20' } = req.query as Record<string, string>;
  const page = await pool.query(
    'select *, count(*) over() as total from platform_menus where tenant_id = $1 order by code asc limit $2 offset $3',
    [tenantId, Number(max), Number(skip)],
  );
  return { totalCount: Number(page.rows[0]?.total ?? 0), items: page.rows };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening on', process.env.PORT);
