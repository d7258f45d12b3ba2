import type { FastifyInstance } from 'fastify';
import { articleRoutes } from './articles/routes.ts';
import { bannerRoutes } from './banners/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { storeRoutes } from './store/routes.ts';

/** The storefront module's HTTP routes: the back-office's sites, and the public Storefront API. */
export default async function routes(fastify: FastifyInstance) {
  siteRoutes(fastify);
  storeRoutes(fastify);
  articleRoutes(fastify);
  bannerRoutes(fastify);
}
