import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFile } from '../../core/uploads.ts';
import { fileCommands } from './commands.ts';
import { PUBLIC_FILES_URL } from './public-links.ts';
import { fileQueries } from './queries.ts';
import { FILES_URL, MAX_FILE_BYTES } from './service.ts';

const storedFile = z.object({ url: z.string(), name: z.string(), contentType: z.string(), size: z.number() });

/**
 * `POST /api/files` (multipart, one part named `file`) stores an image of the current tenant and
 * answers its URL; `GET /api/files/{name}` serves it back to that tenant only;
 * `GET /api/files/public/{owner}/{name}?exp=&sig=` serves one file to anyone holding its signed,
 * expiring link (`publicFileLink`: a marketplace fetching a listing's images).
 */
export default async function filesRoutes(fastify: FastifyInstance) {
  // Scoped to this plugin: other routes keep refusing multipart bodies.
  await fastify.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const dataDir = app.services.config.dataDir;
  const tags = ['Files'];

  app.post(
    FILES_URL,
    {
      config: { authenticated: true },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: storedFile } },
    },
    async (req) => {
      const { content } = await uploadedFile(req, MAX_FILE_BYTES);
      return fileCommands.save(dataDir, req.ctx, content);
    },
  );

  app.get(
    `${FILES_URL}/:name`,
    { config: { authenticated: true }, schema: { tags, params: z.object({ name: z.string().max(64) }) } },
    async (req, reply) => {
      const file = await fileQueries.read(dataDir, req.ctx, req.params.name);
      return reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(file.content);
    },
  );

  app.get(
    `${PUBLIC_FILES_URL}/:owner/:name`,
    {
      // the signature is the credential: it names the tenant, the file and the expiry
      config: { anonymous: true },
      schema: {
        tags,
        params: z.object({ owner: z.union([z.literal('host'), z.guid()]), name: z.string().max(64) }),
        querystring: z.object({ exp: z.coerce.number().int().positive(), sig: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const { owner, name } = req.params;
      const file = await fileQueries.readPublic(app.services, { owner, name, exp: req.query.exp, sig: req.query.sig });
      return reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=86400')
        .send(file.content);
    },
  );
}
