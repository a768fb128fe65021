import { MAX_CSV_UPLOAD_BYTES } from "@domain/files/csv-read";
import { refuse, type TFailure } from "@domain/errors/app-error";
import { oneFile } from "./request-input.server";

// An uploaded CSV for an import (the CRM's lists, the data migration): the size limit, UTF-8 only, and a file name
// safe to show and to store. Refused files come back as a failure about the form's file field.

export type TCsvUpload = { text: string; fileName: string };

/** The chosen file as text, a refusal with its reason, or null when no file was chosen. */
export async function readCsvUpload(form: FormData, field = "file", fallbackName = "list.csv"): Promise<TCsvUpload | TFailure | null> {
  const file = oneFile(form, field);
  if (!file) return null;
  if (file.size > MAX_CSV_UPLOAD_BYTES)
    return refuse("invalid_input", `The file is larger than ${MAX_CSV_UPLOAD_BYTES / 1024 / 1024} MB: split it`, { field });
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return { text, fileName: file.name.replace(/[^\w .()-]+/g, "_").slice(0, 120) || fallbackName };
  } catch {
    return refuse("invalid_input", 'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8" and try again', { field });
  }
}
