import { timeAxis, chartData } from "../compose/chart-data";
import { Rng } from "../text";
import { correctTypos } from "./family";
import { readItemLists, readUploads, uploadPiece } from "./items";
import { fieldKey, readEntities } from "./entities";

const first = (text: string) => [...readItemLists(text)].sort((a, b) => b.length - a.length)[0] ?? [];

describe("reading the items of a request", () => {
  it("when options are written in parentheses, with slashes or after a colon, then each item keeps its own", () => {
    const items = first("feedback form: name, which class you took (hatha, vinyasa, yin), rating 1-5 and comments");
    expect(items.map((i) => i.label)).toEqual(["name", "which class you took", "rating", "comments"]);
    expect(items[1]!.options).toEqual(["hatha", "vinyasa", "yin"]);
    expect(items[2]!.range).toEqual([1, 5]);
    expect(first("bug report form: title, steps to reproduce, severity low/medium/high/critical, browser")[2]).toMatchObject({
      label: "severity",
      options: ["low", "medium", "high", "critical"],
    });
    expect(first("tennis club: name, phone, membership type: junior / adult / senior").pop()).toMatchObject({
      label: "membership type",
      options: ["junior", "adult", "senior"],
    });
  });

  it("when a lead word sits inside an item, then the list is not cut there", () => {
    // "of" in "date of birth" and "on" in "name on card" are not where the list starts.
    expect(
      first("form to register a new patient: first name, last name, date of birth, insurance number").map((i) => i.label),
    ).toEqual(["first name", "last name", "date of birth", "insurance number"]);
    expect(first("payment page for a ticket - name on card, card number, expiry, cvv")[0]!.label).toBe("name on card");
  });

  it("when values carry thousands separators, currencies, units or times, then they are read whole", () => {
    expect(
      first("fitness dashboard: steps today 8,432, calories 2,150, sleep 7.2 h").map((i) => [i.label, i.value, i.unit]),
    ).toEqual([
      ["steps today", 8432, undefined],
      ["calories", 2150, undefined],
      ["sleep", 7.2, "h"],
    ]);
    expect(first("used cars: Toyota Corolla 2018 $12,500, Honda Civic 2019 $14,900")[0]).toMatchObject({
      label: "Toyota Corolla 2018",
      value: 12500,
      unit: "$",
    });
    expect(first("schedule for day 1: registration 8:30, keynote 9:30, lunch 12:30").map((i) => [i.label, i.time])).toEqual([
      ["registration", "8:30"],
      ["keynote", "9:30"],
      ["lunch", "12:30"],
    ]);
    expect(first("cart: 2x Basil Pesto €6.50, 1x Sourdough Loaf €4")[0]).toMatchObject({
      label: "Basil Pesto",
      qty: 2,
      value: 6.5,
    });
  });

  it("when codes and phone numbers are written, then they are not read as values", () => {
    const items = first("emergency contacts: Mom 555-0101, Dr. Kim 555-0177, neighbour Raj 555-0123");
    expect(items.map((i) => i.text)).toEqual(["Mom 555-0101", "Dr. Kim 555-0177", "neighbour Raj 555-0123"]);
    expect(items.every((i) => i.value === undefined)).toBe(true);
  });

  it("when labelled values are written without commas, then the run is read", () => {
    expect(
      first("programming languages by popularity python 31% javascript 27% java 15% c# 9%").map((i) => [i.label, i.value]),
    ).toEqual([
      ["popularity python", 31],
      ["javascript", 27],
      ["java", 15],
      ["c#", 9],
    ]);
  });
});

describe("a chart's data", () => {
  const opts = { places: [], base: [], rng: new Rng(1) };
  it.each([
    ["bar chart monthly sales jan-jun", ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]],
    ["trend line of daily active users mon to sun", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]],
    ["plot bitcoin price for 2020 to 2024", ["2020", "2021", "2022", "2023", "2024"]],
    ["revenue per quarter", ["Q1", "Q2", "Q3", "Q4"]],
    [
      "solar power each hour from 6am to 6pm",
      ["6am", "7am", "8am", "9am", "10am", "11am", "12pm", "1pm", "2pm", "3pm", "4pm", "5pm", "6pm"],
    ],
    ["heart rate every 5 minutes for 30 min", ["0 min", "5 min", "10 min", "15 min", "20 min", "25 min", "30 min"]],
  ])("when asked %j, then the categories are the span written", (phrase, want) => {
    expect(timeAxis(phrase)).toEqual(want);
  });

  it("when values are given at two years, then the years between are filled in", () => {
    const d = chartData("student enrollment from 2018 (820) to 2023 (1,040)", opts);
    expect(d.categories).toEqual(["2018", "2019", "2020", "2021", "2022", "2023"]);
    expect(d.series[0]!.values[0]).toBe(820);
    expect(d.series[0]!.values[5]).toBe(1040);
  });

  it("when numbers are written in runs with spaces, then each run is a series (named by what precedes its colon)", () => {
    const one = chartData("how did our website visitors trend from Jan to Jun? 12,400 15,100 14,300 19,800 23,000 26,500", opts);
    expect(one.categories).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun"]);
    expect(one.series[0]!.values).toEqual([12400, 15100, 14300, 19800, 23000, 26500]);
    const two = chartData(
      "weekly footfall, weeks 1-6. Manchester: 820 910 880 1020 990 1100. Leeds: 640 700 760 720 810 845",
      opts,
    );
    expect(two.series.map((s) => s.name)).toEqual(["Manchester", "Leeds"]);
    expect(two.categories[0]).toBe("Week 1");
    expect(two.series[1]!.values.at(-1)).toBe(845);
  });

  it("when two things are compared over time, then they are two series", () => {
    const d = chartData("stacked bar chart of revenue vs costs per quarter", opts);
    expect(d.series.map((s) => s.name)).toEqual(["revenue", "costs"]);
    expect(d.categories).toEqual(["Q1", "Q2", "Q3", "Q4"]);
  });

  it("when a pie lists things without values, then their shares add up to 100", () => {
    const d = chartData("share of energy sources as a pie: wind, solar, coal, gas, nuclear", { ...opts, pie: true });
    expect(d.categories).toEqual(["Wind", "Solar", "Coal", "Gas", "Nuclear"]);
    expect(d.series[0]!.values.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("misspelt requests", () => {
  it("when a cue word is misspelt by one letter, then it is read as meant; real plurals are left alone", () => {
    expect(correctTypos("month calender view")).toBe("month calendar view");
    expect(correctTypos("recipie for banana bread")).toBe("recipe for banana bread");
    expect(correctTypos("browse sneakers")).toBe("browse sneakers");
    expect(correctTypos("a seating chart")).toBe("a seating chart");
  });
});

describe("files, buttons and the same field under another name", () => {
  it("when a request asks for a file to upload, then the file is read with the types its input accepts", () => {
    expect(readUploads("a job application form for a barista with CV upload")).toEqual([
      { label: "CV", accept: ".pdf,.doc,.docx" },
    ]);
    expect(readUploads("a form to upload your resume and attach a photo")).toEqual([
      { label: "Resume", accept: ".pdf,.doc,.docx" },
      { label: "Photo", accept: "image/*" },
    ]);
    expect(readUploads("a volunteer sign-up with a headshot upload")).toEqual([{ label: "Headshot", accept: "image/*" }]);
    // "users can upload photos": the verb's object, not the users.
    expect(readUploads("photo gallery where users can upload photos")).toEqual([{ label: "Photos", accept: "image/*" }]);
    expect(readUploads("a contact form with name and email")).toEqual([]);
    expect(uploadPiece("resume upload field")).toEqual({ label: "Resume", accept: ".pdf,.doc,.docx" });
    expect(uploadPiece("a file upload for the cover letter")).toEqual({ label: "Cover letter", accept: ".pdf,.doc,.docx" });
    // A table's "upload date" or "last upload" is not a file to upload.
    expect(uploadPiece("upload date")).toBeUndefined();
    expect(uploadPiece("last upload")).toBeUndefined();
    expect(readUploads("a table of files with name, size and upload date")).toEqual([]);
    expect(uploadPiece("email")).toBeUndefined();
  });

  it("when a list names files among its fields, then they are items marked as uploads", () => {
    const items = first("an application form with name, email, resume upload and attach a photo");
    expect(items.map((i) => [i.label, i.upload])).toEqual([
      ["name", undefined],
      ["email", undefined],
      ["Resume", ".pdf,.doc,.docx"],
      ["Photo", "image/*"],
    ]);
  });

  it("when a list ends with a button, then the button is not an item but one of the request's buttons", () => {
    const e = readEntities("A dinner reservation form with name, email, date, number of guests and a submit button");
    expect(e.items[0]!.map((i) => i.label)).toEqual(["name", "email", "date", "number of guests"]);
    expect(e.buttons).toEqual(["Submit"]);
    expect(readEntities("a form with name, email, a send button and a cancel button").buttons).toEqual(["Send", "Cancel"]);
    expect(readEntities("A signup form with name, email and a submit button").buttons).toEqual(["Submit"]);
  });

  it("when a field is named by a synonym, then it is the same field", () => {
    expect(new Set(["Phone", "Phone number", "telephone", "Mobile number", "cell phone"].map(fieldKey))).toEqual(
      new Set(["phone"]),
    );
    expect(new Set(["Email", "E-mail", "email address"].map(fieldKey))).toEqual(new Set(["email"]));
    expect(new Set(["CV", "Resume", "Link to your CV", "resume upload"].map(fieldKey))).toEqual(new Set(["resume"]));
    expect(fieldKey("First name")).not.toBe(fieldKey("Full name"));
    expect(fieldKey("Emergency contact")).not.toBe(fieldKey("Phone"));
  });
});
