import { expect, test } from 'bun:test'
import { parse } from 'csv-parse/sync'
import { csvPreview, csvStream, neutralise, type CsvColumn } from './csv'

interface Row {
  name: string
  qty: number
  cost: number
  note: string | null
}
const columns: CsvColumn<Row>[] = [
  { header: 'Item', value: (r) => r.name },
  { header: 'Quantity', value: (r) => r.qty, kind: 'qty' },
  { header: 'Cost (ZMW)', value: (r) => r.cost, kind: 'money' },
  { header: 'Remarks', value: (r) => r.note },
]

test('a CSV starts with a BOM, quotes per RFC 4180 and parses back to the same rows', async () => {
  const rows: Row[] = [
    { name: 'Nshima, white', qty: 2.5, cost: 12.5, note: 'said "fresh"\nnext line' },
    { name: 'Kapenta', qty: -0.75, cost: 0, note: null },
  ]
  const bytes = new Uint8Array(await new Response(csvStream(columns, rows)).arrayBuffer())
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const parsed = parse(new TextDecoder().decode(bytes), { bom: true })
  expect(parsed).toEqual([
    ['Item', 'Quantity', 'Cost (ZMW)', 'Remarks'],
    ['Nshima, white', '2.5', '12.50', 'said "fresh"\nnext line'],
    ['Kapenta', '-0.75', '0.00', ''],
  ])
})

test('text that a spreadsheet would run as a formula is neutralised; numbers are left alone', async () => {
  for (const evil of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) expect(neutralise(evil)).toBe(`'${evil}`)
  expect(neutralise('Tomatoes')).toBe('Tomatoes')
  const text = await new Response(csvStream(columns, [{ name: '=cmd|calc', qty: -1, cost: 1, note: '@x' }])).text()
  const [, row] = parse(text, { bom: true })
  expect(row).toEqual(["'=cmd|calc", '-1', '1.00', "'@x"])
})

test('rows are pulled lazily, in batches, never all at once', async () => {
  let produced = 0
  function* many() {
    for (let i = 0; i < 100_000; i++) {
      produced++
      yield { name: `Item ${i}`, qty: i, cost: i / 100, note: null }
    }
  }
  const reader = csvStream(columns, many()).getReader()
  await reader.read()
  expect(produced).toBeLessThan(1000)
  await reader.cancel()
})

test('an empty report still has its header', async () => {
  const text = await new Response(csvStream(columns, [])).text()
  expect(parse(text, { bom: true })).toEqual([['Item', 'Quantity', 'Cost (ZMW)', 'Remarks']])
  expect(csvPreview(columns, [])).toEqual({ columns: ['Item', 'Quantity', 'Cost (ZMW)', 'Remarks'], rows: [] })
})

test('every field is quoted, so a ; inside a cell cannot start a formula where ; is the separator', async () => {
  const text = await new Response(csvStream(columns, [{ name: 'Salt;=1+1', qty: 3, cost: 1, note: null }])).text()
  const lines = text.replace('\uFEFF', '').split('\r\n')
  expect(lines[0]).toBe('"Item","Quantity","Cost (ZMW)","Remarks"')
  expect(lines[1]).toBe('"Salt;=1+1","3","1.00",""')
})
