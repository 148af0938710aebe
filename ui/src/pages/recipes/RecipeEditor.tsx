import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { UNIT_SYMBOLS } from '../../../../src/contract/units'
import { RecipeBody, RecipeLineBody, UpdateRecipeBody, type RecipeCost, type RecipeSummary } from '../../../../src/contract/recipes'
import { createRecipe, deleteRecipe, getRecipe, listRecipes, previewCost, updateRecipe } from '../../api/recipes'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorLine } from '../../components/ErrorLine'
import { failureMessage } from '../../components/failureMessage'
import { SelectField, TextAreaField, TextField } from '../../components/Field'
import { ItemPicker } from '../../components/ItemPicker'
import { LoadError } from '../../components/LoadError'
import { QuantityField } from '../../components/QuantityField'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useDebounced } from '../../components/useDebounced'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { useDisplaySettings } from '../../lib/display'
import { withLabels } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { useLeaveGuard } from '../../lib/useLeaveGuard'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
import { RECIPES_UI } from '../../messages/recipes'
import { useSession } from '../../session/store'
import { CostTree } from './CostTree'
import { allLines, bodyOf, clearDraft, draftKey, draftOf, emptyDraft, loadDraft, newLine, readyLines, sameDraft, saveDraft, type Draft, type DraftLine } from './draft'

const UNITS_LIST = 'recipe-units'
/** A line's fields in the words on the form ("yield_pct must be …" → "Yield % must be …"). */
const LINE_LABELS = { item_id: 'Item', recipe_id: 'Sub-recipe', quantity: 'Quantity', unit: 'Unit', yield_pct: 'Yield %' }

/**
 * The recipe editor: the recipe's fields, its lines, and the cost tree recomputed as lines are typed. What is typed
 * is kept on the device until saved (restored on the next open, with a notice), and leaving it unsaved asks first.
 */
export function RecipeEditor({ id, onDone }: { id: number | null; onDone: () => void }) {
  const loaded = useLoad<{ initial: Draft; updatedAt: string | null }>(
    (signal) => (id ? getRecipe(id, signal).then((r) => ({ initial: draftOf(r.data), updatedAt: r.data.updated_at })) : Promise.resolve({ initial: emptyDraft(), updatedAt: null })),
    [id],
    RECIPES_UI.loadFailed,
  )
  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />
  if (!loaded.data) return <Spinner />
  return <EditorForm key={id ?? 'new'} id={id} {...loaded.data} onDone={onDone} />
}

function EditorForm({ id, initial, updatedAt, onDone }: { id: number | null; initial: Draft; updatedAt: string | null; onDone: () => void }) {
  const userId = useSession()?.user.id ?? 0
  const storeKey = draftKey(userId, id)
  // A draft left on this device for this recipe (and user) comes back as it was typed.
  const [kept, setKept] = useState(() => {
    const stored = loadDraft(storeKey)
    return stored && !sameDraft(stored.draft, initial) ? stored : null
  })
  const [draft, setDraft] = useState<Draft>(() => kept?.draft ?? initial)
  const [saved, setSaved] = useState(false)
  const dirty = !saved && !sameDraft(draft, initial)
  const guard = useLeaveGuard(dirty, RECIPES_UI.leaveWhat(draft.name))
  const base = kept ? kept.base : updatedAt
  useEffect(() => {
    if (dirty) saveDraft(storeKey, { draft, base, at: draft === kept?.draft ? kept.at : new Date().toISOString() })
    else clearDraft(storeKey)
  }, [draft, dirty, storeKey, base, kept])
  const discard = () => {
    clearDraft(storeKey)
    setKept(null)
    setDraft(initial)
    toast({ kind: 'success', title: UI.successTitle, message: RECIPES_UI.draftDiscarded })
  }
  const f = useFormat()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { currency } = useDisplaySettings()
  const submit = useSubmit()
  const set = <K extends keyof Draft>(k: K) => (value: Draft[K]) => setDraft((d) => ({ ...d, [k]: value }))
  const setLine = (key: number, patch: Partial<DraftLine>) => setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }))
  const subRecipes = useLoad((signal) => listRecipes({ page: 1, limit: 500, active: 'true' }, signal).then((r) => r.data), [], RECIPES_UI.loadFailed)
  const subOptions = (subRecipes.data ?? []).filter((r: RecipeSummary) => r.id !== id).map((r) => ({ value: String(r.id), label: `${r.name} (${r.yield_quantity} ${r.yield_unit})` }))

  // The live cost: the draft's complete lines, costed by the server a moment after typing stops.
  const ready = useMemo(() => ({ ...bodyOf(draft, readyLines(draft)), id: id ?? undefined }), [draft, id])
  const request = useDebounced(ready, 350)
  const [cost, setCost] = useState<{ data: RecipeCost | null; error: string | null; busy: boolean }>({ data: null, error: null, busy: false })
  useEffect(() => {
    const ctrl = new AbortController()
    setCost((c) => ({ ...c, busy: true }))
    previewCost({ ...request, name: request.name || undefined }, ctrl.signal).then(
      (r) => setCost({ data: r.data, error: null, busy: false }),
      (err: unknown) => !ctrl.signal.aborted && setCost((c) => ({ ...c, error: failureMessage(err, RECIPES_UI.costFailed), busy: false })),
    )
    return () => ctrl.abort()
  }, [JSON.stringify(request)])

  /** The body checked with the server's schema (RecipeBody, UpdateRecipeBody when editing): true, or the fields marked. */
  function checks(body: ReturnType<typeof bodyOf>): boolean {
    const r = id ? check(UpdateRecipeBody, body) : check(RecipeBody, body)
    if (r.ok) {
      setErrors({})
      return true
    }
    const { lines: linesError, ...fields } = r.errors
    const menuLabels = { name: 'Name', kind: 'Kind', yield_quantity: draft.kind === 'MENU' ? 'Portions made' : 'Batch yield', yield_unit: 'Yield unit', menu_price: 'Menu price', target_food_cost_pct: 'Target food cost %', sales_code: 'Sales code', category: 'Category', method: 'Method' }
    setErrors(withLabels(fields, menuLabels))
    // A line's refusal names the line: each is checked with the contract's RecipeLineBody.
    const lineAt = body.lines.findIndex((l) => !check(RecipeLineBody, l).ok)
    const lineCheck = lineAt >= 0 ? check(RecipeLineBody, body.lines[lineAt]) : null
    const lineMessage = lineCheck && !lineCheck.ok ? RECIPES_UI.lineError(lineAt + 1, Object.values(withLabels(lineCheck.errors, LINE_LABELS))[0]) : linesError
    submit.setFailure(lineMessage ?? fields._ ?? RECIPES_UI.checkFields)
    return false
  }

  async function save(e: FormEvent) {
    e.preventDefault()
    submit.setFailure(null)
    const body = bodyOf(draft, allLines(draft))
    if (!checks(body)) return
    await submit.run(async () => {
      const res = id ? await updateRecipe(id, body) : await createRecipe(body)
      clearDraft(storeKey)
      setSaved(true)
      guard.release()
      toast({ kind: 'success', title: UI.successTitle, message: res.message || RECIPES_UI.saved })
      onDone()
    }, RECIPES_UI.saveFailed)
  }

  async function remove() {
    if (!id) return
    await submit.run(async () => {
      const res = await deleteRecipe(id)
      clearDraft(storeKey)
      setSaved(true)
      guard.release()
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      onDone()
    }, RECIPES_UI.deleteFailed)
  }

  const menu = draft.kind === 'MENU'
  return (
    <form onSubmit={save} className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-label="Recipe">
      <datalist id={UNITS_LIST}>
        {UNIT_SYMBOLS.map((u) => (
          <option key={u} value={u} />
        ))}
        <option value="portion" />
      </datalist>
      <div className="space-y-4">
        {kept && (
          <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <div>
              <p className="font-semibold">{RECIPES_UI.draftRestored}</p>
              <p>{RECIPES_UI.draftRestoredDetail(f.dateTime(kept.at))}</p>
              {kept.base !== updatedAt && <p className="mt-1 font-semibold">{RECIPES_UI.draftBehind}</p>}
            </div>
            <Button variant="secondary" onClick={discard}>
              {RECIPES_UI.discardDraft}
            </Button>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" value={draft.name} onChange={set('name')} error={errors.name} required maxLength={150} />
          <SelectField
            label="Kind"
            value={draft.kind}
            onChange={(k) => set('kind')(k as Draft['kind'])}
            options={[
              { value: 'MENU', label: 'Menu dish (portions)' },
              { value: 'PREP', label: 'Prep (a batch)' },
            ]}
          />
          <QuantityField label={menu ? 'Portions made' : 'Batch yield'} value={draft.yield_quantity} onChange={set('yield_quantity')} error={errors.yield_quantity} />
          <TextField label="Yield unit" value={draft.yield_unit} onChange={set('yield_unit')} error={errors.yield_unit} list={UNITS_LIST} autoComplete="off" />
          {menu && <QuantityField label="Menu price, tax excluded" unit={currency} value={draft.menu_price} onChange={set('menu_price')} error={errors.menu_price} />}
          {menu && <QuantityField label="Target food cost %" value={draft.target_food_cost_pct} onChange={set('target_food_cost_pct')} error={errors.target_food_cost_pct} hint="Empty: the restaurant's target" />}
          {menu && <TextField label="Sales code" value={draft.sales_code} onChange={set('sales_code')} error={errors.sales_code} hint="The till's code for this dish" autoComplete="off" />}
          <TextField label="Category" value={draft.category} onChange={set('category')} error={errors.category} />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Lines</legend>
          {draft.lines.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{RECIPES_UI.noLines}</p>}
          {draft.lines.map((l, i) => {
            const status = cost.data?.lines[readyLines({ ...draft, lines: draft.lines.slice(0, i) }).length]
            const costed = readyLines({ ...draft, lines: [l] }).length === 1 ? status : undefined
            return (
              <div key={l.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-line={i + 1}>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
                  {l.type === 'ITEM' ? (
                    <ItemPicker
                      label={`Line ${i + 1}: item`}
                      source="store"
                      value={l.ref ? { id: l.ref.id, name: l.ref.name, unit: l.ref.unit ?? '' } : null}
                      onChange={(item) => setLine(l.key, { ref: item ? { id: item.id, name: item.name, unit: item.unit } : null, unit: l.unit || item?.unit || '' })}
                    />
                  ) : (
                    <SelectField
                      label={`Line ${i + 1}: sub-recipe`}
                      value={l.ref ? String(l.ref.id) : ''}
                      placeholder="Choose a recipe"
                      options={subOptions}
                      onChange={(v) => {
                        const r = subRecipes.data?.find((x) => String(x.id) === v)
                        setLine(l.key, { ref: r ? { id: r.id, name: r.name, unit: r.yield_unit } : null, unit: l.unit || r?.yield_unit || '' })
                      }}
                    />
                  )}
                  <QuantityField label="Quantity" value={l.quantity} onChange={(v) => setLine(l.key, { quantity: v })} />
                  <TextField label="Unit" value={l.unit} onChange={(v) => setLine(l.key, { unit: v })} list={UNITS_LIST} autoComplete="off" />
                  <QuantityField label="Yield %" value={l.yield_pct} onChange={(v) => setLine(l.key, { yield_pct: v })} hint="Empty: the item's" />
                </div>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm" aria-live="polite">
                    {costed && costed.status !== 'OK' ? (
                      <span className="text-amber-900 dark:text-amber-200">
                        {RECIPES_UI.status[costed.status]}: {costed.reason}
                      </span>
                    ) : costed?.line_cost != null ? (
                      <span className="tabular-nums">{costed.line_cost.toFixed(2)}</span>
                    ) : null}
                  </span>
                  <Button variant="ghost" onClick={() => setDraft((d) => ({ ...d, lines: d.lines.filter((x) => x.key !== l.key) }))} aria-label={RECIPES_UI.removeLine(i + 1)}>
                    Remove
                  </Button>
                </div>
              </div>
            )
          })}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDraft((d) => ({ ...d, lines: [...d.lines, newLine('ITEM')] }))}>
              {RECIPES_UI.addItem}
            </Button>
            <Button variant="secondary" onClick={() => setDraft((d) => ({ ...d, lines: [...d.lines, newLine('RECIPE')] }))}>
              {RECIPES_UI.addSubRecipe}
            </Button>
          </div>
        </fieldset>
        <TextAreaField label="Method" value={draft.method} onChange={set('method')} error={errors.method} rows={4} />
        {id && (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="size-5" checked={draft.is_active} onChange={(e) => set('is_active')(e.target.checked)} />
            Active
          </label>
        )}
        <ErrorLine message={submit.failure} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={submit.busy}>
            {submit.busy ? 'Saving...' : 'Save recipe'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          {id && (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>

      <section aria-labelledby="cost-heading" className="space-y-3 self-start rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4 dark:border-slate-700 dark:bg-slate-900">
        <h2 id="cost-heading" className="flex items-center justify-between text-lg font-semibold">
          {RECIPES_UI.costTree}
          {cost.busy && <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{RECIPES_UI.costing}</span>}
        </h2>
        {cost.error && <ErrorLine message={cost.error} />}
        {cost.data && <CostTree cost={cost.data} />}
      </section>
      {guard.dialog}
      <ConfirmDialog open={confirmDelete} title="Delete recipe" message={RECIPES_UI.confirmDelete(draft.name)} confirmLabel="Delete" danger onConfirm={remove} onClose={() => setConfirmDelete(false)} />
    </form>
  )
}
