import { normalize, slug } from "../text";
import {
  accordion,
  alert,
  badge,
  button,
  card,
  code,
  column,
  grid,
  heading,
  list,
  markdown,
  progress,
  row,
  select,
  stat,
  table,
  tabs,
  text,
  textArea,
  textInput,
  video,
  type UiNode,
} from "../ui";
import { faq, footer, navBar, type ActionAnswer, type Built, type ScreenContext } from "./shared";

/**
 * "A Python tutorial website": a course site with runnable-looking lessons (explanation, code, output, exercise),
 * a curriculum whose lessons open their own pages (`open_lesson`), a cheat sheet, a video, a quiz that checks the
 * chosen answer (`check_answer`) and a FAQ.
 */

const BRAND = "PyPath";

interface Lesson {
  title: string;
  minutes: number;
  explain: string;
  code: string;
  output: string;
  exercise: string;
  solution: string;
}

const LESSONS: Lesson[] = [
  {
    title: "Hello, Python",
    minutes: 8,
    explain:
      "Python runs your program **top to bottom**, one line at a time. `print()` shows a value; anything after `#` is a comment that Python ignores.",
    code: '# My first program\nprint("Hello, Python!")\nprint(2 + 3)',
    output: "Hello, Python!\n5",
    exercise: "Print your name on one line and your favourite number on the next.",
    solution: 'print("Ada")\nprint(7)',
  },
  {
    title: "Variables and types",
    minutes: 12,
    explain:
      "A **variable** is a name for a value. Python works out the type for you: `int` for whole numbers, `float` for decimals, `str` for text and `bool` for `True`/`False`. Use `type()` to check.",
    code: 'age = 36\nprice = 4.99\nname = "Ada"\nis_member = True\nprint(type(age), type(price), type(name), type(is_member))',
    output: "<class 'int'> <class 'float'> <class 'str'> <class 'bool'>",
    exercise: "Store the number of days in a week in a variable and print it multiplied by 52.",
    solution: "days = 7\nprint(days * 52)",
  },
  {
    title: "Strings",
    minutes: 14,
    explain:
      'Strings are text. **f-strings** put values inside text: `f"{name} is {age}"`. Strings have handy methods like `.upper()`, `.strip()` and `.split()`, and you can slice them with `text[start:end]`.',
    code: 'name = "ada lovelace"\nprint(name.title())\nprint(f"{name.split()[0]} has {len(name)} characters")\nprint(name[:3])',
    output: "Ada Lovelace\nada has 12 characters\nada",
    exercise: 'Turn "  python is fun  " into "PYTHON IS FUN" without the spaces at the ends.',
    solution: 'print("  python is fun  ".strip().upper())',
  },
  {
    title: "Lists and dictionaries",
    minutes: 16,
    explain:
      'A **list** keeps items in order: `[3, 1, 4]`. A **dictionary** maps keys to values: `{"apples": 3}`. Both can change after you create them.',
    code: 'scores = [72, 88, 95]\nscores.append(61)\nprint(max(scores), len(scores))\n\nstock = {"apples": 3, "pears": 0}\nstock["pears"] += 5\nprint(stock)',
    output: "95 4\n{'apples': 3, 'pears': 5}",
    exercise: "Make a list of three cities, add a fourth, and print the list sorted.",
    solution: 'cities = ["Lima", "Oslo", "Pune"]\ncities.append("Cairo")\nprint(sorted(cities))',
  },
  {
    title: "Making decisions",
    minutes: 12,
    explain:
      "`if`, `elif` and `else` run different code depending on a condition. The **indentation** (4 spaces) shows which lines belong to each branch.",
    code: 'temperature = 23\nif temperature > 28:\n    print("Hot")\nelif temperature > 15:\n    print("Pleasant")\nelse:\n    print("Cold")',
    output: "Pleasant",
    exercise: "Print “even” or “odd” for a number stored in `n`.",
    solution: 'n = 7\nif n % 2 == 0:\n    print("even")\nelse:\n    print("odd")',
  },
  {
    title: "Loops",
    minutes: 15,
    explain:
      "A `for` loop repeats for each item in a sequence; `range(n)` gives `0 … n-1`. A `while` loop repeats as long as its condition is true.",
    code: 'for fruit in ["apple", "kiwi", "mango"]:\n    print(fruit.upper())\n\ntotal = 0\nfor n in range(1, 6):\n    total += n\nprint(total)',
    output: "APPLE\nKIWI\nMANGO\n15",
    exercise: "Print the squares of the numbers 1 to 5.",
    solution: "for n in range(1, 6):\n    print(n * n)",
  },
  {
    title: "Functions",
    minutes: 18,
    explain:
      "`def` names a block of code you can reuse. **Parameters** take inputs, `return` hands back a result, and defaults make parameters optional.",
    code: 'def greet(name, greeting="Hello"):\n    return f"{greeting}, {name}!"\n\nprint(greet("Ada"))\nprint(greet("Grace", greeting="Hi"))',
    output: "Hello, Ada!\nHi, Grace!",
    exercise: "Write `area(width, height)` that returns the area of a rectangle.",
    solution: "def area(width, height):\n    return width * height\n\nprint(area(3, 4))",
  },
  {
    title: "Files and modules",
    minutes: 14,
    explain:
      "`import` brings in code from Python's standard library or your own files. `with open(...)` reads or writes a file and closes it for you.",
    code: 'import math\nprint(math.sqrt(81))\n\nwith open("notes.txt", "w") as f:\n    f.write("Remember the milk")\n\nwith open("notes.txt") as f:\n    print(f.read())',
    output: "9.0\nRemember the milk",
    exercise: "Use the `random` module to print a random number from 1 to 6.",
    solution: "import random\nprint(random.randint(1, 6))",
  },
  {
    title: "Classes and objects",
    minutes: 20,
    explain:
      "A **class** is a blueprint; an **object** is one thing made from it. `__init__` sets it up and methods are functions that belong to it.",
    code: 'class Account:\n    def __init__(self, owner, balance=0):\n        self.owner = owner\n        self.balance = balance\n\n    def deposit(self, amount):\n        self.balance += amount\n        return self.balance\n\nacc = Account("Ada")\nprint(acc.deposit(50))',
    output: "50",
    exercise: "Add a `withdraw(amount)` method that refuses to go below zero.",
    solution:
      'def withdraw(self, amount):\n    if amount > self.balance:\n        return "Insufficient funds"\n    self.balance -= amount\n    return self.balance',
  },
];

const MODULES: [string, number[]][] = [
  ["1 · Getting started", [0, 1, 2]],
  ["2 · Data and decisions", [3, 4]],
  ["3 · Repetition and reuse", [5, 6]],
  ["4 · Beyond the basics", [7, 8]],
];

const QUIZ: { id: string; question: string; options: string[]; answer: string; why: string }[] = [
  {
    id: "q1",
    question: "What does len([3, 1, 4]) return?",
    options: ["3", "4", "[3, 1, 4]", "An error"],
    answer: "3",
    why: "`len()` counts the items in a list: there are three.",
  },
  {
    id: "q2",
    question: "Which of these is a dictionary?",
    options: ["[1, 2]", '{"a": 1}', "(1, 2)", '"a: 1"'],
    answer: '{"a": 1}',
    why: "Curly braces with `key: value` pairs make a dictionary.",
  },
  {
    id: "q3",
    question: "What does range(3) give?",
    options: ["1, 2, 3", "0, 1, 2", "0, 1, 2, 3", "3"],
    answer: "0, 1, 2",
    why: "`range(n)` starts at 0 and stops before n.",
  },
];

const lessonItem = (i: number) => ({ title: LESSONS[i]!.title, subtitle: `Lesson ${i + 1} · ${LESSONS[i]!.minutes} min` });

function quizCard(q = QUIZ[0]!): UiNode {
  return card(
    "Quick check",
    [
      text(q.question, { weight: "medium", name: `quiz_question_${q.id}` }),
      select(undefined, { name: `quiz_${q.id}`, label: "Your answer", options: q.options, placeholder: "Choose an answer" }),
      button("Check answer", { name: `check_${q.id}`, variant: "primary", onPress: { event: "check_answer", value: q.id } }),
    ],
    { name: "quiz_card" },
  );
}

const header = () =>
  navBar(BRAND, ["Lessons", "Exercises", "Cheat sheet", "Community"], {
    label: "Start free",
    name: "nav_start",
    action: "start_course",
  });
const siteFooter = () =>
  footer(
    BRAND,
    { Email: "hello@pypath.example", Community: "forum.pypath.example", "Python version": "3.12+" },
    "Made for curious beginners.",
  );
const settings = (title: string) => ({ title, theme: "auto" as const, maxWidth: 1080, padding: 24, gap: 20 });

function cheatSheet(): UiNode {
  return table(
    [
      { fn: "print(x)", does: "Show a value", example: 'print("hi")' },
      { fn: "len(x)", does: "Count items", example: "len([1, 2, 3]) → 3" },
      { fn: "range(a, b)", does: "Numbers from a to b-1", example: "list(range(1, 4)) → [1, 2, 3]" },
      { fn: "input(prompt)", does: "Read text typed by the user", example: 'name = input("Name? ")' },
      { fn: "int(x) / str(x)", does: "Convert between types", example: 'int("42") → 42' },
      { fn: "sorted(x)", does: "A sorted copy", example: "sorted([3, 1, 2]) → [1, 2, 3]" },
      { fn: "enumerate(x)", does: "Index and item together", example: "for i, v in enumerate(items):" },
      { fn: "zip(a, b)", does: "Pair up two sequences", example: "dict(zip(keys, values))" },
    ],
    {
      name: "cheat_sheet",
      columns: [
        { key: "fn", label: "Built-in" },
        { key: "does", label: "What it does" },
        { key: "example", label: "Example" },
      ],
      sortable: false,
    },
  );
}

function curriculum(): UiNode {
  return accordion(
    MODULES.map(([m]) => m),
    MODULES.map(([m, idx]) =>
      list(idx.map(lessonItem), { name: `lessons_${slug(m, 20)}`, dividers: true, onPress: "open_lesson" }),
    ),
    { name: "curriculum", multiple: true, open: [0] },
  );
}

/** The Python tutorial website. */
export function buildPythonTutorial(_ctx: ScreenContext): Built {
  const sample = (i: number) =>
    column(
      [
        markdown(LESSONS[i]!.explain),
        code(LESSONS[i]!.code, { language: "python" }),
        text("Output", { size: "sm", weight: "bold" }),
        code(LESSONS[i]!.output, { language: "text" }),
      ],
      { gap: 8, name: `sample_${i + 1}` },
    );
  const nodes: UiNode[] = [
    header(),
    column(
      [
        row(
          [
            badge("Beginner friendly", { tone: "success" }),
            badge(`${LESSONS.length} lessons`, { tone: "info" }),
            badge("Free", { tone: "neutral" }),
          ],
          {
            gap: 6,
            name: "hero_badges",
          },
        ),
        heading("Learn Python, one small lesson at a time", { level: 1, name: "hero_title" }),
        text(
          "Short explanations, real code and instant exercises. No setup needed — you'll write your first program in 5 minutes.",
          {
            size: "lg",
            name: "hero_text",
          },
        ),
        row(
          [
            button("Start lesson 1", {
              name: "start_lesson_1",
              variant: "primary",
              size: "lg",
              icon: "arrow-right",
              onPress: { event: "open_lesson", value: LESSONS[0]!.title },
            }),
            button("See the curriculum", { name: "see_curriculum", variant: "secondary", size: "lg", onPress: "open_section" }),
          ],
          { gap: 12, wrap: true },
        ),
      ],
      { gap: 12, name: "hero", animation: { type: "fade", duration: 300 } },
    ),
    grid(
      [
        stat(182_000, { name: "learners", label: "Learners" }),
        stat(LESSONS.length, { name: "lessons", label: "Lessons" }),
        stat(120, { name: "exercises", label: "Exercises" }),
        stat(87, { name: "completion", label: "Finish the course", format: "percent" }),
      ],
      { columns: 4, name: "figures" },
    ),
    card(
      "Your progress",
      [progress(2, { name: "course_progress", max: LESSONS.length, label: `2 of ${LESSONS.length} lessons done`, tone: "info" })],
      {
        name: "progress_card",
      },
    ),
    heading("Python in 30 seconds", { level: 2, name: "taste_title" }),
    tabs(["Basics", "Data structures", "Control flow", "Functions"], [sample(1), sample(3), sample(5), sample(6)], {
      name: "taste_tabs",
    }),
    heading("Curriculum", { level: 2, name: "curriculum_title" }),
    curriculum(),
    row(
      [
        card(
          "Watch: Python for beginners",
          [
            video("https://www.youtube.com/watch?v=rfscVS0vtbw", {
              name: "intro_video",
              title: "Learn Python — full course for beginners",
            }),
          ],
          {
            name: "video_card",
            style: { flex: 3 },
          },
        ),
        column([quizCard()], { name: "quiz_column", style: { flex: 2 } }),
      ],
      { gap: 16, align: "start", wrap: true, name: "watch_and_check" },
    ),
    heading("Cheat sheet", { level: 2, name: "cheat_title" }),
    cheatSheet(),
    card(
      "Get a lesson a week",
      [
        row(
          [
            textInput({ name: "email", label: "Email", type: "email", placeholder: "you@example.com" }),
            button("Subscribe", { name: "submit_newsletter", variant: "primary", onPress: "submit_newsletter" }),
          ],
          { gap: 8, align: "end", wrap: true },
        ),
        text("One email every Monday. Unsubscribe with one click.", { size: "sm", tone: "muted" }),
      ],
      { name: "newsletter_card" },
    ),
    heading("FAQ", { level: 2, name: "faq_title" }),
    faq([
      [
        "Do I need to install anything?",
        "No. Every lesson runs in the browser. When you're ready, we show you how to install Python 3.12 on your computer.",
      ],
      [
        "How long does the course take?",
        "About 2 hours of lessons plus exercises — most people finish in two weeks at 15 minutes a day.",
      ],
      ["Is it really free?", "Yes. The lessons and exercises are free; a certificate of completion is optional."],
      [
        "What can I build afterwards?",
        "Scripts that automate boring tasks, small web apps, and your first data analysis with pandas.",
      ],
    ]),
    ...siteFooter(),
  ];
  return {
    name: `${BRAND} — Learn Python`,
    settings: settings(`${BRAND} — Learn Python`),
    nodes,
    sections: [
      "header with navigation",
      "hero with badges and start button",
      "figures and course progress",
      "code samples in tabs",
      "curriculum of 9 lessons in 4 modules",
      "video and a quiz",
      "cheat sheet table",
      "newsletter sign-up",
      "FAQ and footer",
    ],
    summary: `a Python tutorial website (${BRAND}) with ${LESSONS.length} lessons`,
  };
}

function lessonPage(i: number, showSolution: boolean): Built {
  const l = LESSONS[i]!;
  const title = `Lesson ${i + 1} · ${l.title}`;
  const nav: UiNode[] = [];
  if (i > 0)
    nav.push(
      button(`← ${LESSONS[i - 1]!.title}`, {
        name: "previous_lesson",
        variant: "ghost",
        onPress: { event: "open_lesson", value: LESSONS[i - 1]!.title },
      }),
    );
  if (i < LESSONS.length - 1)
    nav.push(
      button(`${LESSONS[i + 1]!.title} →`, {
        name: "next_lesson",
        variant: "primary",
        onPress: { event: "open_lesson", value: LESSONS[i + 1]!.title },
      }),
    );
  return {
    name: title,
    settings: settings(title),
    nodes: [
      header(),
      progress(i + 1, {
        name: "lesson_progress",
        max: LESSONS.length,
        label: `Lesson ${i + 1} of ${LESSONS.length}`,
        tone: "info",
      }),
      heading(title, { level: 1, name: "lesson_title" }),
      row(
        [
          badge(`${l.minutes} min`, { tone: "neutral" }),
          badge(i < 3 ? "Beginner" : i < 7 ? "Improver" : "Next steps", { tone: "info" }),
        ],
        { gap: 6 },
      ),
      markdown(l.explain, { name: "explanation" }),
      card(
        "Example",
        [
          code(l.code, { language: "python", name: "example_code" }),
          text("Output", { size: "sm", weight: "bold" }),
          code(l.output, { language: "text", name: "example_output" }),
        ],
        {
          name: "example_card",
        },
      ),
      card(
        "Your turn",
        [
          text(l.exercise, { name: "exercise" }),
          textArea({ name: "exercise_answer", label: "Your code", placeholder: "Write your solution here", rows: 5 }),
          ...(showSolution
            ? [
                alert("Here is one way to do it:", { tone: "success", title: "Solution" }),
                code(l.solution, { language: "python", name: "solution" }),
              ]
            : [
                button("Show a solution", {
                  name: "show_solution",
                  variant: "secondary",
                  onPress: { event: "show_solution", value: l.title },
                }),
              ]),
        ],
        { name: "exercise_card", elevated: true },
      ),
      row(nav, { justify: "between", name: "lesson_nav" }),
      ...siteFooter(),
    ],
    sections: [
      "lesson progress",
      "explanation",
      "example with output",
      showSolution ? "exercise with solution" : "exercise",
      "previous/next",
    ],
    summary: `lesson ${i + 1} of the Python course: ${l.title}`,
  };
}

const findLesson = (label: string): number => {
  const n = normalize(label);
  return LESSONS.findIndex((l) => n.includes(normalize(l.title)));
};

/** Lessons, solutions, quiz answers and the site's sections. */
export const answerPythonTutorial: ActionAnswer = (a, _ctx, values) => {
  const what = normalize(`${a.event ?? ""} ${a.name} ${a.label}`);
  if (a.event === "check_answer" || /^check_q\d/.test(a.name)) {
    const id = typeof a.value === "string" && /^q\d$/.test(a.value) ? a.value : a.name.replace(/^check_/, "");
    const qi = Math.max(
      0,
      QUIZ.findIndex((q) => q.id === id),
    );
    const q = QUIZ[qi]!;
    const given = values[`quiz_${q.id}`];
    const next = QUIZ[(qi + 1) % QUIZ.length]!;
    const verdict =
      typeof given !== "string"
        ? alert("Pick an answer first, then press Check answer.", {
            name: "quiz_result",
            title: "No answer yet",
            tone: "warning",
          })
        : given === q.answer
          ? alert(`“${given}” is right. ${q.why}`, { name: "quiz_result", title: "Correct!", tone: "success" })
          : alert(`“${given}” isn't it — the answer is “${q.answer}”. ${q.why}`, {
              name: "quiz_result",
              title: "Not quite",
              tone: "danger",
            });
    return {
      name: "Quick check",
      settings: settings("Quick check"),
      nodes: [
        header(),
        heading("Quick check", { level: 1, name: "page_title" }),
        text(q.question, { weight: "medium" }),
        verdict,
        quizCard(next),
        ...siteFooter(),
      ],
      sections: ["quiz result", "next question"],
      summary: `the quiz result for “${q.question}”`,
    };
  }
  const lesson = findLesson(`${a.label} ${JSON.stringify(a.value ?? "")}`);
  if (a.event === "show_solution") return lessonPage(Math.max(0, lesson), true);
  if (a.event === "open_lesson" || lesson >= 0 || a.event === "start_course") return lessonPage(Math.max(0, lesson), false);
  if (/lessons?|curriculum/.test(what))
    return {
      name: "Lessons",
      settings: settings("Lessons"),
      nodes: [header(), heading("All lessons", { level: 1, name: "page_title" }), curriculum(), ...siteFooter()],
      sections: ["curriculum"],
      summary: "the list of lessons",
    };
  if (/cheat/.test(what))
    return {
      name: "Cheat sheet",
      settings: settings("Cheat sheet"),
      nodes: [header(), heading("Python cheat sheet", { level: 1, name: "page_title" }), cheatSheet(), ...siteFooter()],
      sections: ["cheat sheet"],
      summary: "the cheat sheet",
    };
  if (/exercises?/.test(what))
    return {
      name: "Exercises",
      settings: settings("Exercises"),
      nodes: [
        header(),
        heading("Exercises", { level: 1, name: "page_title" }),
        list(
          LESSONS.map((l, i) => ({ title: l.exercise, subtitle: `Lesson ${i + 1} · ${l.title}` })),
          { name: "exercise_list", ordered: true, dividers: true, onPress: "open_lesson" },
        ),
        ...siteFooter(),
      ],
      sections: ["exercise list"],
      summary: "the exercises",
    };
  if (/community/.test(what))
    return {
      name: "Community",
      settings: settings("Community"),
      nodes: [
        header(),
        heading("Community", { level: 1, name: "page_title" }),
        grid(
          [
            stat(14_200, { name: "members", label: "Forum members" }),
            stat(96, { name: "answered", label: "Questions answered", format: "percent" }),
            stat(38, { name: "mentors", label: "Volunteer mentors" }),
          ],
          { columns: 3 },
        ),
        list(
          [
            { title: "Why does my loop never end?", subtitle: "12 replies · solved" },
            { title: "Share your first project!", subtitle: "148 replies" },
            { title: "Lists vs tuples — when to use which?", subtitle: "9 replies · solved" },
          ],
          { name: "threads", dividers: true },
        ),
        ...siteFooter(),
      ],
      sections: ["community figures", "recent threads"],
      summary: "the community page",
    };
  return undefined;
};
