/**
 * What the four Data forms share: validation against the request's schema before anything is sent,
 * the form's message at its top (where the eye starts) with focus on the first bad field, and a busy
 * state that refuses a second send. Each form is its own file beside this one.
 */
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { PaneMessage } from "../../components/PaneMessage";
import { firstInvalid, useFocusAfterRender } from "../../focus";
import { NOT_CONNECTED, useClearNotConnected, useServices, type Services } from "../../services";
import { definedOnly, fieldState, schemaErrors, type FieldErrors } from "../../validation";

const NOTHING_SENT = "Nothing was sent: fix the fields marked below.";

export interface FormNote {
  intent: "warning" | "info";
  text: string;
}

export function useDataForm(labels: Readonly<Record<string, string>>) {
  const services = useServices();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [note, setNote] = useState<FormNote | null>(null);
  useClearNotConnected(services.client, note, () => setNote(null));
  // The request is running: the button waits (disabledFocusable), and a second Enter sends nothing.
  const [busy, setBusy] = useState(false);
  const focusAfterRender = useFocusAfterRender();

  /** Marks the bad fields, says nothing was sent, and puts focus on the first of them. */
  function refuse(bad: FieldErrors) {
    setErrors(bad);
    setNote({ intent: "warning", text: NOTHING_SENT });
    focusAfterRender(firstInvalid(formRef));
  }

  /**
   * Checks the parameters against the request schema; sends only when every field is valid. A
   * parameter in `fromCells` is not typed (its cells give it, read and checked when it is sent).
   */
  function send(
    schema: z.ZodType,
    params: Record<string, unknown>,
    go: (services: Services, params: Record<string, unknown>) => Promise<unknown>,
    fromCells: readonly string[] = [],
  ) {
    if (busy) return;
    const defined = definedOnly(params);
    const check = schemaErrors(schema, defined, labels);
    for (const p of fromCells) delete check[p];
    if (Object.keys(check).length) return refuse(check);
    setErrors({});
    if (!services.client) return setNote({ intent: "warning", text: NOT_CONNECTED });
    setNote(null);
    setBusy(true);
    void go(services, defined).finally(() => setBusy(false));
  }

  return {
    services,
    formRef,
    busy,
    note,
    setNote,
    refuse,
    send,
    /** Props for a Fluent Field: its message and error state. */
    err: (name: string) => fieldState(errors, name),
  };
}

export interface DataFormProps {
  title: string;
  form: Pick<ReturnType<typeof useDataForm>, "formRef" | "note">;
  onSubmit(): void;
  children: ReactNode;
}

/** A Data form: its heading, its message at the top, then its fields. */
export function DataForm({ title, form, onSubmit, children }: DataFormProps) {
  return (
    <form
      aria-label={title}
      noValidate
      ref={form.formRef}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3>{title}</h3>
      {form.note && (
        <PaneMessage
          intent={form.note.intent}
          role={form.note.intent === "warning" ? "alert" : "status"}
          data-testid="form-message"
        >
          {form.note.text}
        </PaneMessage>
      )}
      {children}
    </form>
  );
}
