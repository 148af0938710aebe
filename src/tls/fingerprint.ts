import { createHash } from 'node:crypto'

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/** Every certificate of a PEM file (a chain holds several), in order. */
export const pemCertificates = (pem: string): string[] => pem.match(PEM_CERT) ?? []

export const derOf = (pemBlock: string) => Buffer.from(pemBlock.replace(/-----[^-]+-----|\s+/g, ''), 'base64')

/** SHA-256 of the certificate's DER as colon-separated upper-case hex, the form phones and browsers show. */
export function fingerprint256(pem: string): string {
  const first = pemCertificates(pem)[0]
  if (!first) throw new Error('no certificate in PEM text')
  return createHash('sha256').update(derOf(first)).digest('hex').toUpperCase().match(/../g)!.join(':')
}
