// The items file the import benchmarks send (import.ts, imports-load.ts).

/** A file like an owner's: sku, name, category, supplier, unit, cost, minimum, opening quantity, some expiry dates. */
export function itemsCsv(n: number) {
  const lines = ['sku,name,category,supplier,unit,cost_price,min_stock_level,expiry_date,current_quantity']
  for (let i = 0; i < n; i++) {
    const expiry = i % 4 === 0 ? `2027-${String((i % 12) + 1).padStart(2, '0')}-15` : ''
    lines.push(`BENCH-${i},"Bench item ${i}, ${['bag', 'box', 'case'][i % 3]}",Category ${i % 25},Supplier ${i % 12},kg,${(i % 900) + 0.5},${i % 10},${expiry},${(i % 50) + 1}`)
  }
  return lines.join('\r\n') + '\r\n'
}
