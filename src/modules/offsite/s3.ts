import { S3Client } from 'bun'
import { createHash, createHmac } from 'node:crypto'

/** Where the copies go: the settings with the environment's values over them, and the secret. */
export interface OffsiteTarget {
  endpoint: string
  region: string
  bucket: string
  prefix: string
  accessKeyId: string
  secretAccessKey: string
}

// Bun signs with the region it is given; most S3-compatible servers accept any, AWS wants the bucket's own.
const regionOf = (t: OffsiteTarget) => t.region || 'us-east-1'

export const clientOf = (t: OffsiteTarget) =>
  new S3Client({ endpoint: t.endpoint, bucket: t.bucket, accessKeyId: t.accessKeyId, secretAccessKey: t.secretAccessKey, region: regionOf(t) })

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex')
// RFC 3986 per path segment, as SigV4 wants it; slashes stay.
const encodeKey = (key: string) => key.split('/').map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/')

/**
 * CopyObject inside the bucket (Bun's client has no copy): a path-style PUT with x-amz-copy-source,
 * signed with AWS Signature V4. Used to name a whole upload, so the final key appears only complete.
 */
export async function copyObject(t: OffsiteTarget, from: string, to: string, now = new Date()): Promise<void> {
  const url = new URL(`${t.endpoint.replace(/\/+$/, '')}/${t.bucket}/${encodeKey(to)}`)
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
  const day = amzDate.slice(0, 8)
  const region = regionOf(t)
  const payload = sha256Hex('')
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': payload,
    'x-amz-copy-source': `/${t.bucket}/${encodeKey(from)}`,
    'x-amz-date': amzDate,
  }
  const names = Object.keys(headers).sort()
  const canonical = ['PUT', url.pathname, '', ...names.map((n) => `${n}:${headers[n]}`), '', names.join(';'), payload].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${t.secretAccessKey}`, day), region), 's3'), 'aws4_request')
  const signature = createHmac('sha256', key).update(toSign).digest('hex')
  const { host: _host, ...sent } = headers
  const res = await fetch(url, {
    method: 'PUT',
    headers: { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=${t.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` },
  })
  const body = await res.text()
  // S3 may answer 200 and still report an error in the body of a copy.
  if (!res.ok || body.includes('<Error>')) {
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? `HTTP ${res.status}`
    throw Object.assign(new Error(/<Message>([^<]+)<\/Message>/.exec(body)?.[1] ?? code), { code })
  }
}

/**
 * One line an owner can act on, for any failure of a publish, a test or a restore. Never includes the
 * secret (no S3 error message carries it; the access key id is not secret).
 */
export function failureReason(e: unknown, t: Pick<OffsiteTarget, 'endpoint' | 'bucket'>): string {
  const err = e as { code?: string; errno?: number; message?: string }
  const code = err?.code ?? ''
  const message = (err?.message ?? String(e)).split('\n')[0]
  if (code === 'ENOSPC' || /disk is full|no space left/i.test(message))
    return 'Not enough free disk space on this box for the snapshot’s temporary file: free some space (old backups, logs) and try again.'
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'ExpiredToken', 'AuthorizationHeaderMalformed', 'Forbidden'].includes(code))
    return `Wrong credentials: the storage refused the access key or secret (${code}).`
  if (code === 'NoSuchBucket') return `The bucket "${t.bucket}" does not exist at ${t.endpoint}: create it or correct the bucket name.`
  if (['ConnectionRefused', 'ECONNREFUSED', 'ENOTFOUND', 'ConnectionClosed', 'ECONNRESET', 'ETIMEDOUT', 'FailedToOpenSocket', 'UnableToConnect'].includes(code) || /unable to connect|timed out/i.test(message))
    return `Cannot reach ${t.endpoint} (${code || message}): check the address and this box’s internet connection.`
  return `The storage answered an error: ${code ? `${code}: ` : ''}${message}`
}
