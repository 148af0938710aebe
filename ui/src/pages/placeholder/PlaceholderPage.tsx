import { PageHeader } from '../../components/PageHeader'

/** A page that a later release fills in; it names the page so navigation can be checked. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <section>
      <PageHeader title={title} />
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
        The {title} page is coming soon.
      </p>
    </section>
  )
}
