// A Wi-Fi link the test can cut: a loopback TCP proxy between the browser and RIMS.
//
// `context.setOffline` only covers the page's own requests, not a service worker's, so the offline tests reach
// the box through this proxy instead. `cut()` drops every open connection and resets each new one until
// `restore()`, which is what a phone walking into the cold room sees: the box does not answer at all.
import { createServer, connect, type Socket } from 'node:net'
import { test as base } from './fixtures'

export type Link = {
  /** The box as the browser reaches it through the link, e.g. http://127.0.0.1:41234 */
  base: string
  cut(): void
  restore(): void
  close(): Promise<void>
}

export async function startLink(target: string): Promise<Link> {
  const { hostname, port } = new URL(target)
  const open = new Set<Socket>()
  let isCut = false

  const server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy()
      return
    }
    const box = connect(Number(port), hostname)
    open.add(client)
    open.add(box)
    const drop = () => {
      open.delete(client)
      open.delete(box)
      client.destroy()
      box.destroy()
    }
    client.on('error', drop).on('close', drop)
    box.on('error', drop).on('close', drop)
    client.pipe(box)
    box.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the link did not get a port')

  return {
    base: `http://127.0.0.1:${address.port}`,
    cut() {
      isCut = true
      for (const socket of open) socket.resetAndDestroy()
      open.clear()
    },
    restore() {
      isCut = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The worker's RIMS reached through a link of the test's own: a new port per test, so each starts with no service worker. */
export const test = base.extend<{ link: Link }>({
  link: async ({ rims }, use) => {
    const link = await startLink(rims.base)
    await use(link)
    await link.close()
  },
  baseURL: async ({ link }, use) => use(link.base),
})
