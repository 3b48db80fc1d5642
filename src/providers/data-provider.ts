import type { PagedList } from "@core/api/paged-response";
import { encodeListQuery, type ListQuery } from "@core/domain/list-query";
import type {
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetListResponse,
  GetManyParams,
  GetOneParams,
  HttpError,
  MetaQuery,
  UpdateParams,
} from "@refinedev/core";
import { crudListQuery } from "@/providers/crud-list-query";
import { apiUrl } from "./api-url";
import { takePrefetched } from "./boot-prefetch";
import { FALLBACK_ERROR_MESSAGE, parseJson } from "./readable-error";
import { selectActiveRoleToken, useAuthSessionStore } from "./stores/auth-session";

/**
 * Every data request of the dashboard: `{api}/{resource}` with the
 * active role token in the `api-key` (secret) and `jwt` headers and the database
 * marker. Pages never call fetch; they use Refine's hooks, which end here.
 */

export const DATABASE_HEADER = { "x-database": "postgres" } as const;
/** HTTP 416: the page asked for lies beyond the last one. */
const PAGE_OUT_OF_RANGE = 416;

/** The per-field errors a server answer carries (`formFields: [{ id, error }]`), as Refine's `errors`. */
function fieldErrors(body: unknown): Record<string, string> | undefined {
  const formFields = (body as { formFields?: unknown } | null)?.formFields;
  if (!Array.isArray(formFields)) return undefined;
  const errors: Record<string, string> = {};
  for (const field of formFields as { id?: unknown; error?: unknown }[]) {
    if (typeof field.id === "string" && typeof field.error === "string") errors[field.id] = field.error;
  }
  return errors;
}

/** A failed request: the response text as the message, the status code, per-field errors when given. */
export class ApiError extends Error implements HttpError {
  [key: string]: unknown;
  readonly statusCode: number;
  readonly errors?: Record<string, string>;
  /** The response body, parsed when it was JSON. */
  readonly body: unknown;

  constructor(message: string, statusCode: number, body: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.body = body;
    const errors = fieldErrors(body);
    if (errors) this.errors = errors;
  }
}

/** A list answer; `pageOutOfRange` tells the list to go back to page 1. */
export interface ListResult<T> extends GetListResponse<T> {
  after?: string | null;
  pageOutOfRange?: boolean;
  /** total is the server's estimate (a long list): shown as "about N". */
  totalIsEstimate?: boolean;
}

export interface DataProviderOptions {
  /** The API base, e.g. `/api`; read on every call so a runtime config applies. */
  apiUrl?: () => string;
  fetch?: typeof fetch;
  /** The role token headers; empty when no role is active. */
  authHeaders?: () => Record<string, string>;
  /** Called on a 401; when it resolves true the request is sent once more with fresh headers. */
  renewAuth?: () => Promise<boolean>;
}

export function activeRoleHeaders(): Record<string, string> {
  const token = selectActiveRoleToken(useAuthSessionStore.getState());
  return token ? { "api-key": token.secret, jwt: token.jwtToken } : {};
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD" | "OPTIONS";

interface Request {
  method: Method;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** List calls answer 416 for a page past the end; it is not an error there. */
  allowPageOutOfRange?: boolean;
}

/**
 * A list resource's query in the list grammar, handed over in a list call's `meta` as it
 * is: it is sent instead of Refine's filters, sorters and pagination.
 */
export interface ListQueryMeta {
  listQuery: Partial<ListQuery>;
}

function listQueryOfMeta(meta: MetaQuery | undefined): Partial<ListQuery> | undefined {
  return (meta as Partial<ListQueryMeta> | undefined)?.listQuery;
}

const withQuery = (url: string, query: string) => (query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url);

/** The URL of a list request: what getList sends, and what the boot asks for ahead of it. */
export function listRequestUrl(base: string, resource: string, query: Partial<ListQuery>): string {
  return withQuery(`${base}/${resource}`, encodeListQuery(query));
}

/** A renewal that failed on the way is the server being unreachable, not a 401 that signs out. */
async function renew(renewAuth: () => Promise<boolean>): Promise<boolean> {
  try {
    return await renewAuth();
  } catch (error) {
    const reason = error instanceof Error && error.message ? `: ${error.message}` : "";
    throw new ApiError(`${FALLBACK_ERROR_MESSAGE} (the server could not be reached${reason})`, 0);
  }
}

/** A list answer's body as getList hands it to the list. */
export function listResultOf<T>(body: unknown): ListResult<T> {
  // Short lists (API keys, custom fields, pending invites) come whole as a plain array.
  if (Array.isArray(body)) return { data: body as T[], total: body.length };
  const page = (body ?? { data: [], totalDocuments: 0, after: null }) as PagedList<T>;
  const result: ListResult<T> = { data: page.data, total: page.totalDocuments, after: page.after };
  if (page.totalIsEstimate) result.totalIsEstimate = true;
  return result;
}

export function createDataProvider(options: DataProviderOptions = {}): DataProvider {
  const base = options.apiUrl ?? apiUrl;
  const authHeaders = options.authHeaders ?? activeRoleHeaders;
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);

  const endpoint = (resource: string, id?: string | number) =>
    `${base()}/${resource}${id === undefined ? "" : `/${encodeURIComponent(String(id))}`}`;

  async function send(request: Request, renewed = false): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { ...DATABASE_HEADER, ...authHeaders(), ...request.headers };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      // The landing list's first request may be under way since boot (boot-prefetch.ts) when
      // the list's first render came before its answer; when that one failed, this asks again.
      const early = request.method === "GET" && !renewed ? takePrefetched(request.url, headers) : undefined;
      response =
        (early && (await early.catch(() => undefined))) ||
        (await doFetch(request.url, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }));
    } catch (error) {
      const reason = error instanceof Error && error.message ? `: ${error.message}` : "";
      throw new ApiError(`${FALLBACK_ERROR_MESSAGE} (the server could not be reached${reason})`, 0);
    }
    if (request.allowPageOutOfRange && response.status === PAGE_OUT_OF_RANGE)
      return { status: response.status, body: null };
    // A request that brought its own role token (ending an impersonation with that token) was
    // refused for that token: renewing the session's own would change nothing.
    const ownToken = request.headers !== undefined && "jwt" in request.headers;
    if (response.status === 401 && !renewed && !ownToken && options.renewAuth && (await renew(options.renewAuth))) {
      return send(request, true);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new ApiError(text || FALLBACK_ERROR_MESSAGE, response.status, parseJson(text));
    }
    const isJson = response.headers.get("content-type")?.includes("json") ?? false;
    return { status: response.status, body: isJson ? await response.json() : null };
  }

  const one = async <T>(request: Request): Promise<{ data: T }> => ({ data: (await send(request)).body as T });

  return {
    getApiUrl: () => base(),

    getList: async <T extends BaseRecord>({ resource, filters, sorters, pagination, meta }: GetListParams) => {
      const query = listQueryOfMeta(meta) ?? crudListQuery(filters, sorters, pagination);
      const url = listRequestUrl(base(), resource, query);
      const { status, body } = await send({ method: "GET", url, allowPageOutOfRange: true });
      if (status === PAGE_OUT_OF_RANGE) {
        const empty: ListResult<T> = { data: [], total: 0, pageOutOfRange: true };
        return empty;
      }
      return listResultOf<T>(body);
    },

    getOne: <T extends BaseRecord>({ resource, id }: GetOneParams) =>
      one<T>({ method: "GET", url: endpoint(resource, id) }),

    getMany: async <T extends BaseRecord>({ resource, ids }: GetManyParams) => ({
      data: await Promise.all(
        ids.map(async (id) => (await one<T>({ method: "GET", url: endpoint(resource, id) })).data),
      ),
    }),

    create: <T extends BaseRecord, V>({ resource, variables }: CreateParams<V>) =>
      one<T>({ method: "POST", url: endpoint(resource), body: variables }),

    update: <T extends BaseRecord, V>({ resource, id, variables }: UpdateParams<V>) =>
      one<T>({ method: "PATCH", url: endpoint(resource, id), body: variables }),

    deleteOne: <T extends BaseRecord, V>({ resource, id, variables }: DeleteOneParams<V>) =>
      one<T>({
        method: "DELETE",
        url: endpoint(resource, id),
        ...(variables === undefined ? {} : { body: variables }),
      }),

    custom: <T extends BaseRecord>({ url, method, filters, sorters, payload, query, headers }: CustomParams) => {
      const absolute = /^https?:\/\//.test(url) ? url : `${base()}/${url.replace(/^\/+/, "")}`;
      const params = new URLSearchParams();
      if (query && typeof query === "object") {
        for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
      }
      const listPart = filters || sorters ? encodeListQuery(crudListQuery(filters, sorters, { mode: "off" })) : "";
      const search = [params.toString(), listPart].filter(Boolean).join("&");
      return one<T>({
        method: method.toUpperCase() as Method,
        url: withQuery(absolute, search),
        ...(payload === undefined ? {} : { body: payload }),
        ...(headers ? { headers: headers as Record<string, string> } : {}),
      });
    },
  };
}

export const dataProvider = createDataProvider({
  renewAuth: () => import("./auth/renew").then((m) => m.renewRoleToken()),
});
