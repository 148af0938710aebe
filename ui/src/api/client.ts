// The one place that calls fetch: bearer token, JSON, and SPEC §8's error rules.
import { navigate } from 'wouter/use-browser-location'
import { MSG } from '../../../src/contract/messages'
import { clearSession, getSession } from '../session/store'
import { isTokenExpired } from '../session/token'
import { setOffline } from './connection'

export interface Envelope<T> {
  success: boolean
  data: T
  message: string
}
export interface Meta {
  total: number
  page: number
  limit: number
}
export interface ListEnvelope<T> extends Envelope<T[]> {
  meta: Meta
}

/** A failed call. `message` is what to show; `serverMessage` is set only when the server sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The server's message when there was one, else the screen's own fallback (SPEC §8 "… or 'Failed to …'"). */
export const messageOr = (err: unknown, fallback: string) => (err instanceof ApiError && err.serverMessage) || fallback

export type Query = Record<string, string | number | boolean | null | undefined>

export interface CallOptions {
  body?: unknown
  query?: Query
  /** false for the public calls (login, password reset, display settings). */
  auth?: boolean
  /** Forms that move stock send one key per opening of the form (DECISIONS). */
  idempotencyKey?: string
  signal?: AbortSignal
  /** A CSV file's text, sent as text/csv (the import routes only). */
  csv?: string
  /** A file upload as multipart/form-data (the browser writes the boundary into Content-Type). */
  form?: FormData
}

export function toQueryString(query?: Query): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : ''
}

function endSession() {
  clearSession()
  if (window.location.pathname !== '/login') navigate('/login', { replace: true })
}

async function send(method: string, path: string, opts: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const auth = opts.auth ?? true
  if (auth) {
    const token = getSession()?.token
    if (isTokenExpired(token)) {
      endSession()
      throw new ApiError(MSG.tokenExpired, 401)
    }
    headers.Authorization = `Bearer ${token}`
  }
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
  if (opts.csv !== undefined) headers['Content-Type'] = 'text/csv; charset=utf-8'
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey
  let res: Response
  try {
    res = await fetch(`/api${path}${toQueryString(opts.query)}`, {
      method,
      headers,
      body: opts.form ?? opts.csv ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    setOffline(true)
    throw new ApiError(MSG.networkError, 0)
  }
  setOffline(false)
  if (!res.ok) {
    const serverMessage = await res
      .json()
      .then((b: { message?: unknown }) => (typeof b?.message === 'string' && b.message ? b.message : undefined))
      .catch(() => undefined)
    // Any 401 on a signed-in call means the session is over (DECISIONS "UI behaviour").
    if (res.status === 401 && auth) endSession()
    throw new ApiError(serverMessage ?? MSG.httpError(res.status), res.status, serverMessage)
  }
  return res
}

/** A JSON call; answers the whole envelope. A `success: false` body is an error too. */
export async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const res = await send(method, path, opts)
  const body = (await res.json().catch(() => null)) as Envelope<T> | null
  if (!body) throw new ApiError(MSG.httpError(res.status), res.status)
  if (body.success === false) throw new ApiError(body.message || MSG.httpError(res.status), res.status, body.message || undefined)
  return body
}

/** A paged list: rows and meta. */
export const callList = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  call<T[]>('GET', path, { query, signal }) as Promise<ListEnvelope<T>>

/** A file answer (report downloads): the blob and the name the server suggests. */
export async function callFile(path: string, query?: Query): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send('GET', path, { query })
  const cd = res.headers.get('content-disposition') ?? ''
  const filename = /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? null
  return { blob: await res.blob(), filename }
}
