import type { PublicConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { type CatalogService, createCatalogService } from "./catalog.ts";

/** What loaders and API routes reach through the load context: in-process, no HTTP hop. */
export interface Services {
  shop: PublicConfig;
  catalog: CatalogService;
}

export function createServices(database: DatabaseHandle, shop: PublicConfig): Services {
  return { shop, catalog: createCatalogService(database.db) };
}
