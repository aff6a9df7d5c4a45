import { render, screen } from "@testing-library/react";
import { renderMarkdown, safeHref } from "./markdown";

const md = (src: string) => render(<div data-testid="md">{renderMarkdown(src)}</div>);

describe("markdown", () => {
  test("when markdown has headings, emphasis, code and lists, then they become the matching elements", () => {
    md("# Title\n\nSome *italic*, __bold__ and `code`.\n\n```js\nconst a = 1 < 2;\n```\n\n1. first\n2. second\n\n- a\n- b");
    expect(screen.getByRole("heading", { name: "Title" }).tagName).toBe("H2");
    expect(screen.getByText("italic").tagName).toBe("EM");
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByText("code").tagName).toBe("CODE");
    expect(screen.getByText("const a = 1 < 2;").closest("pre")?.getAttribute("data-language")).toBe("js");
    const lists = screen.getAllByRole("list");
    expect(lists.map((l) => l.tagName)).toEqual(["OL", "UL"]);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["first", "second", "a", "b"]);
  });

  test("when markdown has raw HTML or unsafe links, then they are shown as text and never as elements or hrefs", () => {
    const { getByTestId } = md(
      '<img src=x onerror="alert(1)"> [click](javascript:alert(1)) [mail](mailto:a@b.co) [data](data:text/html,x)',
    );
    const box = getByTestId("md");
    expect(box.querySelector("img")).toBeNull();
    expect(box.textContent).toContain('<img src=x onerror="alert(1)">');
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["mailto:a@b.co"]);
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(screen.getByText("click").tagName).toBe("SPAN");
  });

  test("when a URL is checked, then only http, https and mailto pass", () => {
    expect(
      ["https://a.b/c", "http://a.b", "mailto:x@y.z", "javascript:x", "//evil.com", "data:x", "vbscript:x"].map(
        (u) => safeHref(u) !== undefined,
      ),
    ).toEqual([true, true, true, false, false, false, false]);
  });

  test("when snake_case words and escaped stars appear, then they are not emphasised", () => {
    const { getByTestId } = md("use snake_case_names and \\*literal\\* stars");
    expect(getByTestId("md").querySelector("em")).toBeNull();
    expect(getByTestId("md").textContent).toBe("use snake_case_names and *literal* stars");
  });
});
