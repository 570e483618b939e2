/** The custom query editor: a title and its variants' SQL. The server refuses SQL that is not a read, in words. */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import { useQueries } from '../stores/queries-store';

export function QueryEditor() {
  const { editor, changeDraft, addDraftVariant, closeEditor, save } = useQueries();
  if (!editor) return null;
  const { form, errors } = editor;
  const setVariant = (i: number, patch: Partial<(typeof form.variants)[number]>) =>
    changeDraft({ ...form, variants: form.variants.map((v, n) => (n === i ? { ...v, ...patch } : v)) });
  return (
    <form
      className="panel"
      data-testid="query-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="panel-head">
        <h2>{form.id ? 'Edit query' : 'New query'}</h2>
        <span className="muted">Reads only: SELECT or WITH … SELECT.</span>
      </div>
      <Field label="Title" name="title" error={errors.title}>
        <input
          data-testid="query-editor-title"
          value={form.title}
          onChange={(e) => changeDraft({ ...form, title: e.target.value })}
        />
      </Field>
      {form.variants.map((v, i) => (
        <div key={i} className="variant-edit" data-testid="query-editor-variant">
          <div className="grid">
            <Field label="Variant id" name={`variants.${i}.variant`} error={errors[`variants.${i}.variant`]}>
              <input
                data-testid="query-editor-variant-id"
                value={v.variant}
                onChange={(e) => setVariant(i, { variant: e.target.value })}
              />
            </Field>
            <Field label="Label" name={`variants.${i}.label`} error={errors[`variants.${i}.label`]}>
              <input
                data-testid="query-editor-variant-label"
                value={v.label}
                onChange={(e) => setVariant(i, { label: e.target.value })}
              />
            </Field>
          </div>
          <Field label="SQL" name={`variants.${i}.sql`} error={errors[`variants.${i}.sql`]}>
            <textarea
              data-testid="query-editor-sql"
              rows={6}
              value={v.sql}
              onChange={(e) => setVariant(i, { sql: e.target.value })}
            />
          </Field>
          {form.variants.length > 1 && (
            <button
              type="button"
              className="link-button"
              onClick={() => changeDraft({ ...form, variants: form.variants.filter((_, n) => n !== i) })}
            >
              remove this variant
            </button>
          )}
        </div>
      ))}
      <ErrorMessage error={editor.error} testId="query-editor-error" />
      <div className="actions">
        <button type="submit" className="primary" data-testid="query-editor-save" disabled={editor.saving}>
          {editor.saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" data-testid="query-editor-add-variant" onClick={addDraftVariant}>
          Add a variant
        </button>
        <button type="button" onClick={closeEditor}>
          Cancel
        </button>
      </div>
    </form>
  );
}
