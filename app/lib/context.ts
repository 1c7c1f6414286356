import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "../../server/services/index.ts";

/** The store's services, handed to every loader and action by the Fastify server (server/ssr.ts). */
export const servicesContext = createContext<Services>();

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
