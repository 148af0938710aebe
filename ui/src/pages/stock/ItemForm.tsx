import { useState, type FormEvent } from 'react'
import { BARCODE_MSG, itemCodeRefusal, shownCode } from '../../../../src/contract/barcodes'
import { CreateItemBody, STOCK_MSG, UpdateItemBody, type Item } from '../../../../src/contract/stock'
import { COST_DECIMALS } from '../../../../src/contract/fixed'
import { createItem, updateItem } from '../../api/stock'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField, TextField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { toast } from '../../components/toast'
import { FormModal } from '../../components/FormModal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
import { newKey, numberOrUndefined, withLabels } from '../../lib/formInput'
import { STOCK_UI } from '../../messages/stock'
import type { Lookups } from './useLookups'
import { useSubmit } from '../../components/useSubmit'
import { PackRows, packsInput, type PackDraft } from './PackRows'
import { CostingFields, costingDraft, costingInput } from './CostingFields'
import { BottleFields, bottleDraft, bottleInput } from './BottleFields'

const LABELS = {
  name: 'Item Name',
  barcode: 'Barcode',
  sku: 'SKU',
  category_id: 'Category',
  supplier_id: 'Supplier',
  unit: 'Unit',
  cost_price: 'Cost Price',
  current_quantity: 'Initial Quantity',
  min_stock_level: 'Minimum Stock Level',
  expiry_date: 'Expiry Date',
  par_level: 'Par Level',
  supplier_code: 'Supplier Code',
  order_pack_id: 'Order In',
}
type Key = keyof typeof LABELS


/** Add or edit an item (SPEC §5 "Item"). On edit the quantity is shown read-only: a count or a movement changes it. */
export function ItemForm({ item, barcode, lookups, onClose, onSaved }: { item: Item | null; barcode?: string; lookups: Lookups; onClose: () => void; onSaved: () => void }) {
  const fmt = useFormat()
  const [key] = useState(newKey)
  const [form, setForm] = useState<Record<Key, string>>({
    name: item?.name ?? '',
    barcode: item?.barcode ? shownCode(item.barcode, item.barcode_checked) : (barcode ?? ''),
    sku: item?.sku ?? '',
    category_id: item ? String(item.category_id) : '',
    supplier_id: item ? String(item.supplier_id) : '',
    unit: item?.unit ?? '',
    cost_price: item ? String(item.cost_price) : '',
    current_quantity: item ? String(item.current_quantity) : '',
    min_stock_level: item ? String(item.min_stock_level) : '',
    expiry_date: item?.expiry_date ?? '',
    par_level: item?.par_level != null ? String(item.par_level) : '',
    supplier_code: item?.supplier_code ?? '',
    order_pack_id: item?.order_pack_id != null ? String(item.order_pack_id) : '',
  })
  const [packs, setPacks] = useState<PackDraft[]>(() => (item?.packs ?? []).map((p) => ({ name: p.name, size: String(p.size) })))
  const [errors, setErrors] = useState<Partial<Record<Key | 'packs', string>>>({})
  const [costing, setCosting] = useState(() => costingDraft(item))
  const [bottle, setBottle] = useState(() => bottleDraft(item))
  const { busy, failure, setFailure, run } = useSubmit()
  const set = (k: Key) => (v: string) => setForm((f) => ({ ...f, [k]: v }))
  /** The code RIMS 0.1 saved without checking its check digit: kept while unchanged, with a hint to correct it. */
  const uncheckedCode = item && !item.barcode_checked ? item.barcode : null

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const input = {
      name: form.name,
      barcode: form.barcode,
      sku: form.sku,
      category_id: form.category_id || undefined,
      supplier_id: form.supplier_id || undefined,
      unit: form.unit,
      cost_price: numberOrUndefined(form.cost_price, COST_DECIMALS),
      min_stock_level: numberOrUndefined(form.min_stock_level),
      expiry_date: form.expiry_date,
      ...(item ? {} : { current_quantity: numberOrUndefined(form.current_quantity) }),
      packs: packsInput(packs),
      // Ordering (issue 18): an empty par level means the item is never suggested.
      par_level: form.par_level.trim() === '' ? null : numberOrUndefined(form.par_level),
      supplier_code: form.supplier_code,
      ...(item ? { order_pack_id: form.order_pack_id ? Number(form.order_pack_id) : null } : {}),
      ...costingInput(costing),
      ...bottleInput(bottle, item),
    }
    // The form requires every field the spec marks required, on edit too.
    const missing: Partial<Record<Key | 'packs', string>> = {}
    for (const k of ['min_stock_level', ...(item ? [] : ['current_quantity'])] as Key[]) if (form[k].trim() === '') missing[k] = `${LABELS[k]} is required`
    const checked = item ? check(UpdateItemBody, input) : check(CreateItemBody, input)
    // A wrong check digit passes only as this item's own code saved before RIMS checked them, unchanged.
    const barcodeRefusal = checked.ok ? itemCodeRefusal(checked.value.barcode, uncheckedCode) : null
    const found = { ...(checked.ok ? {} : withLabels(checked.errors, LABELS)), ...(barcodeRefusal ? withLabels({ barcode: barcodeRefusal }, LABELS) : {}), ...missing }
    if (item) for (const k of ['name', 'category_id', 'supplier_id', 'unit', 'cost_price'] as Key[]) if (!form[k].trim()) found[k] ??= `${LABELS[k]} is required`
    setErrors(found)
    if (!checked.ok || Object.keys(found).length) return
    await run(async () => {
      if (item) {
        const res = await updateItem(item.id, checked.value as Parameters<typeof updateItem>[1])
        toast({ kind: 'success', title: UI.successTitle, message: res.message || STOCK_MSG.itemUpdated })
      } else {
        const res = await createItem(checked.value as Parameters<typeof createItem>[0], key)
        toast({ kind: 'success', title: UI.successTitle, message: res.message || STOCK_MSG.itemCreated })
      }
      onSaved()
      onClose()
    }, item ? STOCK_UI.updateFailed('item') : STOCK_UI.createFailed('item'))
  }

  const formId = item ? `item-form-${item.id}` : 'item-form-new'
  return (
    <FormModal title={item ? 'Edit Item' : 'Add New Item'} size="lg" busy={busy} formId={formId} submitLabel={item ? 'Update Item' : 'Create Item'} onClose={onClose} onSubmit={submit}>
      <ErrorLine message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={LABELS.name} value={form.name} onChange={set('name')} error={errors.name} required data-autofocus />
        <TextField
          label={LABELS.barcode}
          value={form.barcode}
          onChange={set('barcode')}
          error={errors.barcode}
          hint={uncheckedCode !== null && form.barcode.trim() === uncheckedCode ? BARCODE_MSG.unchecked : 'Optional'}
        />
        <TextField label={LABELS.sku} value={form.sku} onChange={set('sku')} error={errors.sku} hint="Optional: your own code, used to match rows when a CSV is imported again" />
        <SelectField
          label={LABELS.category_id}
          value={form.category_id}
          onChange={set('category_id')}
          error={errors.category_id}
          placeholder="Select a category"
          options={lookups.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          required
        />
        <SelectField
          label={LABELS.supplier_id}
          value={form.supplier_id}
          onChange={set('supplier_id')}
          error={errors.supplier_id}
          placeholder="Select a supplier"
          options={lookups.suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
          required
        />
        <TextField label={LABELS.unit} value={form.unit} onChange={set('unit')} error={errors.unit} hint={STOCK_UI.unitHint} required />
        <QuantityField label={LABELS.cost_price} unit="ZMW" decimals={COST_DECIMALS} id={`${formId}-cost`} value={form.cost_price} onChange={set('cost_price')} error={errors.cost_price} hint={STOCK_UI.costHint} required />
        {item ? (
          <TextField
            label="Current Quantity"
            value={fmt.quantity(item.current_quantity, item.unit)}
            onChange={() => {}}
            readOnly
            hint="Use Count stock or a movement to change it"
          />
        ) : (
          <QuantityField label={LABELS.current_quantity} value={form.current_quantity} onChange={set('current_quantity')} error={errors.current_quantity} hint={STOCK_UI.quantityHint} required />
        )}
        <QuantityField label={LABELS.min_stock_level} value={form.min_stock_level} onChange={set('min_stock_level')} error={errors.min_stock_level} hint={STOCK_UI.quantityHint} required />
        <TextField label={LABELS.expiry_date} type="date" value={form.expiry_date} onChange={set('expiry_date')} error={errors.expiry_date} hint="Optional" />
        <QuantityField label={LABELS.par_level} unit={form.unit || null} value={form.par_level} onChange={set('par_level')} error={errors.par_level} hint="Optional: orders fill up to it" />
        <TextField label={LABELS.supplier_code} value={form.supplier_code} onChange={set('supplier_code')} error={errors.supplier_code} hint="Optional: printed on orders" />
        {item && item.packs.length > 0 && (
          <SelectField
            label={LABELS.order_pack_id}
            value={form.order_pack_id}
            onChange={set('order_pack_id')}
            error={errors.order_pack_id}
            options={[{ value: '', label: `${item.unit} (base unit)` }, ...item.packs.map((p) => ({ value: String(p.id), label: `${p.name} of ${p.size} ${item.unit}` }))]}
          />
        )}
        <PackRows rows={packs} unit={form.unit} error={errors.packs} idPrefix={formId} onChange={setPacks} />
        <CostingFields value={costing} onChange={setCosting} errors={errors as Record<string, string | undefined>} />
        <BottleFields value={bottle} onChange={setBottle} errors={errors as Record<string, string | undefined>} idPrefix={formId} />
      </div>
    </FormModal>
  )
}
