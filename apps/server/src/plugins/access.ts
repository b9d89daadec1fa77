import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGRATION_KEY_SCOPES, type IntegrationKeyScope } from '@steward/contract/integration-keys';
import type { StaffRule } from '@steward/contract/permissions';
import { HttpError } from '../lib/http-error.ts';
import { actorOf, type AuditActor, type StaffActor } from '../modules/audit-log/record-audit.ts';
import { type BotKeyCheck, type KeyCaller, keyActor } from '../modules/integration-keys/bot-keys.ts';
import type { SessionUser } from './session.ts';

/**
 * Who may call a route. Every route declares one in `config.access`;
 * a route without it stops the server from starting.
 * - public: anyone; login: any signed-in staff member;
 * - a rule of `@steward/contract/permissions` (`canAddUser`, …): a signed-in member it allows,
 *   the same function the dashboard uses to show the screen or control;
 * - bot:<scope>: the chatbot or another integration, with `Authorization: Bearer <key>`: BOT_API_KEY (every
 *   scope of the bot API) or an integration key holding that scope (modules/integration-keys/bot-keys.ts,
 *   docs/integrations.md).
 * A staff route may also declare `keyScope`: a call that presents a key (`Authorization: Bearer …`) is then held to
 * that key and its scope, never to a session cookie it may carry as well; a call without one to the staff rule, as
 * before (the exports, with the scope `exports`).
 * Rules that depend on the object (own account, an item's author) are checked in the handler,
 * with the same functions.
 */
export type BotAccess = `bot:${IntegrationKeyScope}`;
export type RouteAccess = 'public' | 'login' | BotAccess | StaffRule;

/** The access of a bot API route: a key allowed this scope. */
export const botAccess = (scope: IntegrationKeyScope): BotAccess => `bot:${scope}`;
const BOT_ACCESSES = new Set<unknown>(INTEGRATION_KEY_SCOPES.map(botAccess));
const isBotAccess = (access: unknown): access is BotAccess => BOT_ACCESSES.has(access);
const scopeOf = (access: BotAccess): IntegrationKeyScope => access.slice('bot:'.length) as IntegrationKeyScope;

/** The integration key that opened a `keyScope` route (the bootstrap key never opens one). */
export type IntegrationKeyCaller = Extract<KeyCaller, { kind: 'integration_key' }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A staff route that an integration key holding this scope may call too (with the key, not a session). */
    keyScope?: IntegrationKeyScope;
  }
  interface FastifyRequest {
    /** Set when an integration key opened a `keyScope` route. */
    integrationKey: IntegrationKeyCaller | null;
  }
}

/** Whether a call presents a key: then a `keyScope` route checks the key, and nothing else. */
export const presentsKey = (request: FastifyRequest): boolean => /^Bearer\s/i.test(request.headers.authorization ?? '');

export const NOT_LOGGED_IN = 'Please log in to continue.';
export const NOT_ALLOWED = 'You do not have permission to do this.';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** `public`, `login`, `bot:<scope>`, or the name of the route's permission rule. */
  access: string | undefined;
  /** A GET that acts, answered to the dashboard's own scripted calls only (plugins/csrf.ts). */
  scriptedOnly: boolean;
  /** The scope of an integration key that may call this staff route too (`keyScope`). */
  keyScope: IntegrationKeyScope | undefined;
}

/** Enforces each route's declared access before its handler runs. */
export function registerAccessRules(app: FastifyInstance, checkBotKey: BotKeyCheck): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('integrationKey', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // The built dashboard's files and the API documentation are public by nature.
    const access = route.config?.access ?? (isPublicByNature(route.url) ? 'public' : undefined);
    const keyScope = route.config?.keyScope;
    for (const method of methods) {
      routes.push({ method, url: route.url, access: accessName(access), scriptedOnly: route.config?.scriptedOnly === true, keyScope });
    }
    if (!access) throw new Error(`Route ${methods.join(',')} ${route.url} declares no access rule.`);
    if (!isRouteAccess(access)) throw new Error(`Route ${route.url} has an unknown access rule "${String(access)}".`);
    if (keyScope && typeof access !== 'function') throw new Error(`Route ${route.url} declares a keyScope without a staff rule.`);
    const check = async (request: FastifyRequest) => {
      if (isBotAccess(access)) {
        await checkBotKey(request, scopeOf(access));
        return;
      }
      if (keyScope && presentsKey(request)) {
        const caller = await checkBotKey(request, keyScope);
        // checkBotKey refuses BOT_API_KEY outside the bot API's scopes; this holds it for the type too.
        if (caller.kind !== 'integration_key') throw new HttpError(403, NOT_ALLOWED);
        request.integrationKey = caller;
        return;
      }
      if (access === 'public') return;
      const viewer = request.viewer;
      if (!viewer) throw new HttpError(401, NOT_LOGGED_IN);
      if (access === 'login') return;
      if (!access(viewer)) throw new HttpError(403, NOT_ALLOWED);
    };
    // Before validation: a caller who may not call the route learns nothing about its body or params.
    route.preValidation = [check, ...toArray(route.preValidation)];
  });
  return routes;
}

/** The signed-in user of a route whose access rule already required one. */
export function signedIn(request: FastifyRequest): SessionUser {
  if (!request.viewer) throw new HttpError(401, NOT_LOGGED_IN);
  return request.viewer;
}

/** The signed-in user of such a route as the actor of what it does, for the audit log and the actions. */
export function signedInActor(request: FastifyRequest): StaffActor {
  const viewer = signedIn(request);
  return { ...actorOf(request, viewer), id: viewer.id, name: viewer.name };
}

/** Who called a `keyScope` route: the integration key that opened it, or the signed-in staff member. */
export type RouteCaller = { kind: 'integration_key'; key: IntegrationKeyCaller } | { kind: 'staff'; member: SessionUser };

export function routeCaller(request: FastifyRequest): RouteCaller {
  return request.integrationKey ? { kind: 'integration_key', key: request.integrationKey } : { kind: 'staff', member: signedIn(request) };
}

/** The caller of a `keyScope` route as the actor of the audit entry: the key by its name, or the staff member. */
export function routeCallerActor(request: FastifyRequest): AuditActor {
  return request.integrationKey ? keyActor(request, request.integrationKey) : signedInActor(request);
}

const isPublicByNature = (url: string): boolean =>
  !url.startsWith('/api/') || url === '/api/docs' || url.startsWith('/api/docs/');

const isRouteAccess = (value: unknown): value is RouteAccess =>
  typeof value === 'function' || value === 'public' || value === 'login' || isBotAccess(value);

const accessName = (access: RouteAccess | undefined): string | undefined =>
  typeof access === 'function' ? access.name || 'an unnamed rule' : access;

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
