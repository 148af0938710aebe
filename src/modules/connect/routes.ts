import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { CA_CERT_CONTENT_TYPE } from '../../contract/connect'
import { ok } from '../../http/envelope'
import { notFound } from '../../lib/errors'
import { connectInfo } from './service'

/** /ca.crt (outside /api, no sign-in): the local CA phones install to trust the server. */
export const caCertRoutes = ({ tls }: AppDeps) =>
  new Elysia({ name: 'ca-cert-routes', prefix: '/ca.crt' }).get('', () => {
    const pem = tls?.caPem
    if (!pem) throw notFound('CA certificate')
    return new Response(pem, { headers: { 'content-type': CA_CERT_CONTENT_TYPE, 'cache-control': 'no-cache' } })
  })

/** The Manager's connect-a-device details (mounted under /api). */
export const connectRoutes = ({ tls, serverUrl }: AppDeps) =>
  new Elysia({ name: 'connect-routes', prefix: '/manager/connect' }).get('', async () => ok(await connectInfo(tls, serverUrl)))
