import { questionCount, quizFor, type QuizItem, rightAnswer } from "../../content/quizzes";
import { capitalize } from "../../text";
import { button, card, progress, row, select, slider, switch_, text, textArea, textInput, type UiNode } from "../../ui";
import { CATALOG } from "../context";
import { header, nameOf } from "../sections";
import { type Layout, own, ownItems } from "./helpers";

/**
 * The forms group's questions and choices: a survey, a quiz and settings.
 */

export const QUESTION_LAYOUTS: Record<string, Layout> = {
  survey: (ctx) => {
    const questions = own(ctx).length
      ? own(ctx).map((q) => `How would you rate the ${q.toLowerCase()}?`)
      : CATALOG.survey
          .filter((q) => q.kind !== "text")
          .slice(0, 4)
          .map((q) => q.question);
    return [
      ...header(ctx.title, "It takes two minutes; every answer helps."),
      progress(0, { name: "survey_progress", label: `0 of ${questions.length + 1} answered`, max: questions.length + 1 }),
      ...questions.map((q, i) =>
        card(`Question ${i + 1}`, { name: `question_${i + 1}` }, [
          select("", {
            name: `answer_${i + 1}`,
            label: q,
            options: ["Excellent", "Good", "Fair", "Poor"],
            placeholder: "Choose an answer",
          }),
        ]),
      ),
      card("Anything else?", { name: "comments_card" }, [textArea({ name: "comments", label: "Comments", rows: 3 })]),
      row([button("Submit answers", { name: "submit_survey", variant: "primary", onPress: "submit_survey" })], {
        justify: "end",
      }),
    ];
  },
  quiz: (ctx) => {
    // "4 questions" (not "yr 8 history class") is how many.
    const asked = questionCount(ctx.e.text);
    const n = asked ?? 5;
    // What the quiz is about and what the planner honestly knows of it: capitals and continents from data, a catalogue
    // quiz whose topic is exactly the subject, general knowledge when asked for — else nothing (a question builder).
    const plan = quizFor(ctx.e.text, n, asked);
    const { subject, phrase } = plan;
    // The user's own questions with their choices ("e.g. Which breed has a blue-black tongue? (Chow Chow, Dalmatian,
    // Beagle)", "Which of these is a mammal? whale, shark, octopus") come first.
    const mine: QuizItem[] = [
      ...ctx.e.text.matchAll(
        /\b((?:which|what|who|when|where|how|is|are|do|does|can|name)\b[^?()]{3,120}\?)\s*(?:\(([^()]+)\)|([^?()—–.;:\n]*?(?:,|\bor\b)[^?()—–.;:\n]*))/gi,
      ),
    ]
      .map((m) => {
        const options = (m[2] ?? m[3] ?? "")
          .split(/\s*(?:,|\bor\b|\/)\s*/)
          .map((o) => capitalize(o.trim()))
          .filter(Boolean);
        const question = capitalize(m[1]!.trim());
        const right = rightAnswer(question, options);
        return { question, options, ...(right ? { answer: options.indexOf(right) } : {}) };
      })
      .filter((q) => q.options.length >= 2 && q.options.length <= 6);
    // The heading names the subject in the user's words.
    const title =
      subject && (!ctx.title.toLowerCase().includes(subject.toLowerCase()) || ctx.title.length > 48 || /[,:]/.test(ctx.title))
        ? `${capitalize(subject)} ${/\btrivia\b/i.test(ctx.e.text) && !/\bquiz/i.test(ctx.e.text) ? "trivia" : "quiz"}`
        : ctx.title;
    const builder = plan.kind === "builder" && (!mine.length || (asked ?? 0) > mine.length);
    if (builder) {
      // No content on this subject: a builder for the user's own questions, with any they wrote already in it.
      const QUESTION = /^(?:what|which|who|whom|when|where|why|how|is|are|do|does|did|can|name)\b|\?$/i;
      const INSTRUCTION = /\b(?:questions?|score|answers?|multiple choice|show|tell|results?|right|wrong|button|quiz+|trivia)\b/i;
      const lists = ctx.e.lists.filter((l) => l.some((q) => QUESTION.test(q.trim())));
      const written = [
        ...mine.map((q) => ({ question: q.question, answers: q.options.join(", ") })),
        ...[...ctx.e.text.matchAll(/(?:^|[,.;:!—–]\s*)((?:what|which|who|when|where|why|how)\b[^?.!;]{3,120}\?)/gi)].map((m) => ({
          question: capitalize(m[1]!.trim()),
          answers: "",
        })),
        ...lists.flat().flatMap((q) => (INSTRUCTION.test(q) ? [] : [{ question: capitalize(q.trim()), answers: "" }])),
      ].filter(
        (q, i, all) =>
          all.findIndex((o) => o.question.toLowerCase().replace(/\?$/, "") === q.question.toLowerCase().replace(/\?$/, "")) === i,
      );
      const rows = Math.max(written.length, asked ?? 3);
      return [
        ...header(
          title,
          `Write your ${rows} questions${phrase ? ` about ${phrase}` : ""}: the answers to choose from and the right one. Players pick an answer for each and see their score at the end.`,
        ),
        ...Array.from({ length: rows }, (_, i) =>
          card(`Question ${i + 1}`, { name: `question_${i + 1}` }, [
            textInput({
              name: `question_${i + 1}_text`,
              label: "Question",
              placeholder: phrase ? `A question about ${phrase}` : "Your question",
              ...(written[i]
                ? { value: /\?$/.test(written[i]!.question) ? written[i]!.question : `${written[i]!.question}?` }
                : {}),
            }),
            textInput({
              name: `question_${i + 1}_answers`,
              label: "Answers to choose from",
              placeholder: "Separate the answers with commas",
              ...(written[i]?.answers ? { value: written[i]!.answers } : {}),
            }),
            textInput({ name: `question_${i + 1}_right`, label: "Right answer", placeholder: "One of the answers above" }),
          ]),
        ),
        row([button("Create quiz", { name: "create_quiz", variant: "primary", onPress: "create_quiz" })], { justify: "end" }),
      ];
    }
    const qs = [...mine, ...(mine.length && plan.kind === "general" ? [] : plan.questions)].slice(0, Math.max(mine.length, n));
    return [
      ...header(
        title,
        `${qs.length === 1 ? "1 question" : `${qs.length} questions`}${plan.kind !== "builder" && plan.questions.length && qs.length > mine.length ? ` on ${plan.topic}` : ""}. Pick ${qs.length === 1 ? "an answer" : "one answer for each"}.`,
      ),
      // Moves as questions are answered (each answer sets it, on the screen itself).
      progress(0, { name: "quiz_progress", label: "Answered", max: qs.length }),
      ...qs.map((q, i) =>
        card(`${i + 1}. ${q.question}`, { name: `question_${i + 1}` }, [
          select("", {
            name: `answer_${i + 1}`,
            label: "Your answer",
            options: q.options,
            placeholder: "Choose an answer",
            onChangeText: { event: "answer", set: { name: "quiz_progress", value: i + 1 } },
          }),
        ]),
      ),
      row(
        [
          text("Your score shows when you check your answers.", { name: "score", tone: "muted" }),
          button("Check answers", { name: "check_answers", variant: "primary", onPress: "check_answers" }),
        ],
        { justify: "between", align: "center" },
      ),
    ];
  },
  settings: (ctx) => {
    const sections = own(ctx).length
      ? [
          {
            section: ctx.title,
            settings: ownItems(ctx).map((it) => {
              const label = capitalize((it.label || it.text).replace(/\s+(?:slider|toggle|switch)$/i, ""));
              // "(on/off)", "(yes/no)": a switch, not a choice.
              if (it.options.length === 2 && it.options.every((o) => /^(?:on|off|yes|no|enabled?|disabled?)$/i.test(o)))
                return {
                  label,
                  kind: "switch" as const,
                  options: undefined,
                  default: /^(?:on|yes|enabled?)$/i.test(it.options[0]!),
                };
              // "session length slider 5–60 min", "max distance 1-25 km": a slider over the user's range.
              if (it.range || /\bslider\b/i.test(it.label || it.text)) {
                const [min, max] = it.range ?? [0, 100];
                const unit = it.unit && !/^[$€£₹₦¥%]$/.test(it.unit) ? ` (${it.unit})` : "";
                return {
                  label: `${label}${unit}`,
                  kind: "slider" as const,
                  options: undefined,
                  default: Math.round((min + max) / 2),
                  min,
                  max,
                };
              }
              // "reminder time", "quiet hours start": a time of day.
              if (/\b(?:time|start|end|from|until|hours? (?:start|end))$/i.test(label))
                return {
                  label,
                  kind: "select" as const,
                  options: DAY_TIMES,
                  default: /end|until/i.test(label) ? "07:00" : "22:00",
                };
              if (it.options.length >= 2)
                return {
                  label,
                  kind: "select" as const,
                  options: it.options.map(capitalize),
                  default: capitalize(it.options[0]!),
                };
              if (/\b(?:size|volume|brightness|speed|zoom|level)\b/i.test(label))
                return { label, kind: "slider" as const, options: undefined, default: 50 };
              return { label, kind: "switch" as const, options: undefined, default: true };
            }),
          },
        ]
      : CATALOG.settings;
    return [
      ...header(ctx.title, "Changes are saved when you press Save."),
      ...sections.map((s) =>
        card(
          s.section,
          { name: nameOf(s.section) },
          s.settings.map((it) => settingInput(it)),
        ),
      ),
      row(
        [
          button("Cancel", { name: "cancel", variant: "ghost", onPress: "cancel" }),
          button("Save changes", { name: "save_settings", variant: "primary", onPress: "save_settings" }),
        ],
        { justify: "end", gap: 8 },
      ),
    ];
  },
};

const DAY_TIMES = ["06:00", "07:00", "08:00", "09:00", "12:00", "18:00", "20:00", "21:00", "22:00", "23:00"];

function settingInput(it: {
  label: string;
  kind: string;
  options?: string[] | undefined;
  default?: string | number | boolean | undefined;
  min?: number;
  max?: number;
}): UiNode {
  const name = nameOf(it.label);
  if (it.kind === "select")
    return select(String(it.default ?? it.options?.[0] ?? ""), { name, label: it.label, options: it.options ?? [] });
  if (it.kind === "slider")
    return slider(typeof it.default === "number" ? it.default : 50, {
      name,
      label: it.label,
      min: it.min ?? 0,
      max: it.max ?? 100,
    });
  return switchOf(it.label, it.default !== false);
}
const switchOf = (label: string, on: boolean) => switch_(on, { name: nameOf(label), label });
