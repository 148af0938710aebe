import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

// The tests' S3-compatible server on 127.0.0.1 (nothing leaves the machine), in this worktree's port range.
let next = 5310 + (process.pid % 40)

export interface TestS3 {
  endpoint: string
  port: number
  bucket: string
  /** RIMS_S3_* for this server (s3rver's own key and secret). */
  env: Record<string, string>
  stop(): Promise<void>
}

export async function startS3(o: { bucket?: string; port?: number; dir?: string } = {}): Promise<TestS3> {
  const bucket = o.bucket ?? 'rims-copies'
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'rims-s3-'))
  for (let tries = 0; ; tries++) {
    const port = o.port ?? 5310 + ((next++ - 5310) % 80)
    const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] })
    try {
      await server.run()
    } catch (e) {
      if (o.port || tries > 20) throw e
      continue
    }
    const endpoint = `http://127.0.0.1:${port}`
    return {
      endpoint,
      port,
      bucket,
      env: { RIMS_S3_ENDPOINT: endpoint, RIMS_S3_BUCKET: bucket, RIMS_S3_ACCESS_KEY_ID: 'S3RVER', RIMS_S3_SECRET_ACCESS_KEY: 'S3RVER', RIMS_S3_REGION: 'us-east-1', RIMS_S3_PREFIX: 'rims' },
      async stop() {
        await server.close()
        if (!o.dir) rmSync(dir, { recursive: true, force: true })
      },
    }
  }
}
