/**
 * Form errors in their reader's words. The report form and the webhook form share the
 * API's zod schemas (lib/moderation/reports, lib/webhooks/webhook-input), whose messages
 * are written for tools ("must be one of spam, broken, ...", "name at least one event"):
 * the API keeps them; these tables give the page's words for the same refusals, by
 * field and by the API's message. A message no rule knows passes as it is.
 */
import { REPORT_TEXT_MAX } from "@/lib/moderation/reports";
import { formatCount } from "@/lib/portal/format";
import type { FormState } from "./form-data";

type Rule = [pattern: RegExp, words: string | ((match: RegExpExecArray, sent: string) => string)];

const length = (s: string) => Array.from(s).length;

const REPORT_RULES: Record<string, Rule[]> = {
  reason: [[/^must be one of /, "Choose what is wrong."]],
  text: [
    [
      /^must be at most /,
      (_, sent) =>
        `Your text is ${formatCount(length(sent))} characters; a report keeps at most ${formatCount(REPORT_TEXT_MAX)}. Shorten it.`,
    ],
    [/^say what is wrong when the reason is/, "Say what is wrong: “Other” needs a few words."],
  ],
  form: [
    [/^No document has this id\.$/, "This document is gone (deleted or never published): there is nothing to report."],
    [/^No confirmed mod has this workshop id\.$/, "This mod is no longer listed here: there is nothing to report."],
    [/^No user has this id\.$/, "This author's account is gone: there is nothing to report."],
  ],
};

const WEBHOOK_RULES: Record<string, Rule[]> = {
  url: [
    [
      /^must be an absolute http or https URL/,
      "Give your receiver's whole address, starting with https:// (no user name or password in it).",
    ],
    [/^must be at most 2000 characters$/, "That address is too long: 2,000 characters at most."],
    [/^The webhook URL cannot be used: (.*)\.$/, (m) => `Beacon Hub will not send to this address: ${m[1]}.`],
    [
      /^A user may have at most (\d+) webhooks/,
      (m) => `You have ${m[1]} webhooks, the most an account may have: delete one first.`,
    ],
  ],
  events: [
    [/^name at least one event$/, "Choose at least one event."],
    [/^must be one of /, "Choose the events from the list."],
  ],
  mod_ids: [[/^not workshop ids: (.*)$/, (m) => `These are not Steam Workshop ids (numbers only): ${m[1]}.`]],
  document_ids: [
    [
      /^not document ids \(UUIDs\): (.*)$/,
      (m) => `These are not document ids: ${m[1]}. Copy them from a document's page.`,
    ],
  ],
  author_ids: [
    [
      /^not user ids \(UUIDs\): (.*)$/,
      (m) => `These are not author ids: ${m[1]}. Copy them from an author's listing address.`,
    ],
  ],
  description: [
    [
      /^must be at most 200 characters$/,
      (_, sent) => `The description is ${formatCount(length(sent))} characters; the limit is 200.`,
    ],
  ],
};

function worded(rules: Record<string, Rule[]>, errors: Record<string, string>, sent: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const value = sent.get(field);
    let words = message;
    for (const [pattern, rule] of rules[field] ?? []) {
      const match = pattern.exec(message);
      if (!match) continue;
      words = typeof rule === "string" ? rule : rule(match, typeof value === "string" ? value : "");
      break;
    }
    out[field] = words;
  }
  return out;
}

/** A form action whose errors are given in its reader's words by `rules`. */
function withWords(
  rules: Record<string, Rule[]>,
  action: (state: FormState, form: FormData) => Promise<FormState>,
): (state: FormState, form: FormData) => Promise<FormState> {
  return async (state, form) => {
    const next = await action(state, form);
    return next.errors ? { ...next, errors: worded(rules, next.errors, form) } : next;
  };
}

export const reportWords = (action: (state: FormState, form: FormData) => Promise<FormState>) =>
  withWords(REPORT_RULES, action);
export const webhookWords = (action: (state: FormState, form: FormData) => Promise<FormState>) =>
  withWords(WEBHOOK_RULES, action);

/** For tests: the words for one form's errors. */
export const reportErrorWords = (errors: Record<string, string>, sent: FormData) => worded(REPORT_RULES, errors, sent);
export const webhookErrorWords = (errors: Record<string, string>, sent: FormData) =>
  worded(WEBHOOK_RULES, errors, sent);
