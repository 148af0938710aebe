import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { CA_CERT_CONTENT_TYPE } from '../../contract/connect'
import { ok } from '../../http/envelope'
import { notFound } from '../../lib/errors'
import { connectInfo } from './service'

/** /ca.crt (outside /api, no sign-in) and the Manager's connect-a-device details. */
export const connectRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'connect-routes' })
    .get('/ca.crt', () => {
      const pem = deps.tls?.caPem
      if (!pem) throw notFound('CA certificate')
      return new Response(pem, { headers: { 'content-type': CA_CERT_CONTENT_TYPE, 'cache-control': 'no-cache' } })
    })
    .get('/api/manager/connect', async () => ok(await connectInfo(deps.tls, deps.serverUrl)))
