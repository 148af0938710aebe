import { expect, test } from 'bun:test'
import * as v from 'valibot'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

// An audit of every schema the contract exports: each body object (nested lines too) refuses
// unknown fields, and every id field (`id`, `…_id`, `…_ids`) is bounded.

type Node = v.GenericSchema & { type: string; entries?: Record<string, Node>; item?: Node; wrapped?: Node; options?: Node[]; pipe?: (Node | v.GenericValidation)[] }

const modules = readdirSync(import.meta.dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
const schemas: [string, Node][] = []
for (const file of modules) {
  const mod = (await import(join(import.meta.dir, file))) as Record<string, unknown>
  for (const [name, value] of Object.entries(mod)) if (value && typeof value === 'object' && (value as { kind?: string }).kind === 'schema') schemas.push([`${file}:${name}`, value as Node])
}

/** Every schema reachable from `node`, with the dotted path of entries that leads to it. */
/** `entry` marks the schema of an object's entry itself (not a step or option inside it). */
function* walk(node: Node, path: string[] = [], entry = false, seen = new Set<Node>()): Generator<[string[], Node, boolean]> {
  if (seen.has(node)) return
  seen.add(node)
  yield [path, node, entry]
  if (node.entries) for (const [key, value] of Object.entries(node.entries)) yield* walk(value, [...path, key], true, seen)
  if (node.item) yield* walk(node.item, [...path, '0'], true, seen)
  if (node.wrapped) yield* walk(node.wrapped, path, false, seen)
  for (const option of node.options ?? []) yield* walk(option, path, false, seen)
  for (const step of node.pipe?.slice(1) ?? []) if ((step as { kind: string }).kind === 'schema') yield* walk(step as Node, path, false, seen)
}

const isBody = (name: string) => /(Body|Request|Patch|PacksField|PackedQuantitySchema|ReturnLine)$/.test(name)

test('the audit sees the contract’s schemas', () => {
  expect(schemas.length).toBeGreaterThan(60)
  expect(schemas.filter(([n]) => isBody(n)).length).toBeGreaterThan(40)
})

test('every object in a body schema refuses unknown fields (strict), nested lines too', () => {
  const loose: string[] = []
  for (const [name, schema] of schemas.filter(([n]) => isBody(n))) {
    for (const [path, node] of walk(schema)) if (node.type === 'object' || node.type === 'loose_object') loose.push(`${name} ${path.join('.') || '(the body)'}`)
  }
  expect(loose).toEqual([])
})

test('every id field of every schema refuses 1e20, -1, 1.5 and 2^63 naming the field', () => {
  const wrong: string[] = []
  let checked = 0
  for (const [name, schema] of schemas) {
    for (const [path, node, entry] of walk(schema)) {
      const key = path.at(-1)
      const parent = node as Node
      if (!entry || !key || !/^(id|.+_ids?)$/.test(key)) continue
      checked++
      const field = key
      for (const bad of [1e20, -1, 1.5, 2 ** 63]) {
        const r = v.safeParse(parent, parent.type === 'array' || /_ids$/.test(key) ? [bad] : bad)
        if (r.success || !r.issues[0].message.includes(field)) wrong.push(`${name} ${path.join('.')} ${bad}: ${r.success ? 'accepted' : r.issues[0].message}`)
      }
    }
  }
  expect(checked).toBeGreaterThan(40)
  expect(wrong).toEqual([])
})
