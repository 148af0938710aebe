// Certificates for tests: an "owner's" CA and a certificate it signed, written to PEM files.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { issueServerCertificate, makeAuthority } from './local-ca'

const DAY = 86_400_000

export async function makeOwnerCertificate(o: { notBefore?: Date; notAfter?: Date } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rims-owner-cert-'))
  const authority = await makeAuthority('Company CA', new Date(), null)
  const notBefore = o.notBefore ?? new Date(Date.now() - DAY)
  const server = await issueServerCertificate({ authority, names: { dns: ['localhost', 'rims.company.test'], ips: ['127.0.0.1'] }, notBefore, notAfter: o.notAfter ?? new Date(notBefore.getTime() + 90 * DAY) })
  const caPem = authority.cert.toString('pem') + '\n'
  const certPem = server.cert.toString('pem') + '\n'
  const files = { dir, cert: join(dir, 'cert.pem'), chain: join(dir, 'chain.pem'), key: join(dir, 'key.pem') }
  writeFileSync(files.cert, certPem)
  writeFileSync(files.chain, certPem + caPem)
  writeFileSync(files.key, server.keyPem)
  return { ...files, caPem, certPem }
}
