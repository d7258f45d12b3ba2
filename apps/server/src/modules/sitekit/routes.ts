import type { FastifyInstance } from 'fastify';
import { articleRoutes } from './articles/routes.ts';
import { bannerRoutes } from './banners/routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { siteCatalogRoutes } from './catalog/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { shopperRoutes } from './shoppers/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { storePageRoutes } from './store/pages.ts';
import { storeRoutes } from './store/routes.ts';
import { storeShopRoutes } from './store/shop-routes.ts';

/** The storefront module's HTTP routes: the back-office's sites, and the public Storefront API. */
export default async function routes(fastify: FastifyInstance) {
  siteRoutes(fastify);
  storeRoutes(fastify);
  articleRoutes(fastify);
  bannerRoutes(fastify);
  siteCatalogRoutes(fastify);
  shopperRoutes(fastify);
  cartRoutes(fastify);
  reviewRoutes(fastify);
  storeShopRoutes(fastify);
  storePageRoutes(fastify);
}
