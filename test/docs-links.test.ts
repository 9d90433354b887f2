/**
 * The README and docs/ stand on their own for someone who has only the repository: every relative
 * link points at a file in it (and, for #anchors into our own docs, at a heading there), and none
 * points outside it (the team's ../shared folder is not part of a clone). The README is a front door
 * read in five minutes (at most 10 KB: what the add-in is, a picture, the two commands, a tour, the
 * functions, links); everything else is in docs/, and docs/README.md is the index of every page.
 */
import { existsSync, readFileSync, readdirSync } from "fs";
import path from "path";

const root = path.join(__dirname, "..");
/** Every markdown page under docs/, however deep. */
function pagesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pagesUnder(`${dir}/${entry.name}`)
      : entry.name.endsWith(".md")
        ? [`${dir}/${entry.name}`]
        : [],
  );
}
const docsPages = pagesUnder("docs");
const docs = ["README.md", ...docsPages];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

function links(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/i.test(t));
}

test.each(docs)("%s links only to files in the repository", (file) => {
  const text = readFileSync(path.join(root, file), "utf8");
  expect(text).not.toMatch(/\.\.\/shared\//);
  const broken = links(file).filter((target) => {
    const [p, hash] = target.split("#");
    const resolved = p ? path.resolve(path.dirname(path.join(root, file)), p) : path.join(root, file);
    if (!resolved.startsWith(root + path.sep) || !existsSync(resolved)) return true;
    if (!hash || !resolved.endsWith(".md")) return false;
    const headings = [...readFileSync(resolved, "utf8").matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]));
    return !headings.includes(hash);
  });
  expect(broken).toEqual([]);
});

test("the service is described in the repository, and the README links to it", () => {
  expect(links("README.md")).toContain("docs/service.md");
  expect(readFileSync(path.join(root, "docs/service.md"), "utf8")).toMatch(/monthly request allowance/i);
});

test("every docs page is checked, the index and the pages the README's sections moved to among them", () => {
  expect(docsPages).toEqual(
    expect.arrayContaining([
      "docs/README.md",
      "docs/functions.md",
      "docs/known-limits.md",
      "docs/performance.md",
      "docs/developing.md",
      "docs/taskpane.md",
      "docs/report-sheets.md",
      "docs/writebacks.md",
      "docs/deploy.md",
      "docs/architecture.md",
      "docs/excel-fidelity.md",
      "docs/network.md",
    ]),
  );
});

describe("the README is a front door", () => {
  const readme = readFileSync(path.join(root, "README.md"));
  const text = readme.toString("utf8");

  test("at most 10 KB (10,240 bytes)", () => {
    expect(readme.length).toBeLessThanOrEqual(10_240);
  });

  test("shows a report sheet with its chart, from a file in docs/images", () => {
    expect(text).toMatch(/!\[[^\]]+\]\(docs\/images\/report-sheet\.png\)/);
    expect(existsSync(path.join(root, "docs/images/report-sheet.png"))).toBe(true);
  });

  test("gives the two commands first, and its test command is the one CI runs", () => {
    const install =
      "npm ci && npm start     # install, then run the sandbox service and the add-in in the browser preview";
    const tests =
      "npm ci && npm test      # install, then run the whole test suite (installs Debian's chromium and LibreOffice Calc if missing)";
    const block = text.match(/```bash\n([\s\S]*?)```/);
    expect(block?.[1]).toBe(`${install}\n${tests}\n`);
    const ci = readFileSync(path.join(root, ".ci/run"), "utf8")
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#") && !/^(set|cd) /.test(line));
    expect(ci).toEqual(["npm ci && npm test"]);
    expect(tests.startsWith(`${ci[0]} `)).toBe(true);
  });

  test("links to the docs index and the main guides", () => {
    expect(links("README.md")).toEqual(
      expect.arrayContaining([
        "docs/README.md",
        "docs/taskpane.md",
        "docs/functions.md",
        "docs/report-sheets.md",
        "docs/writebacks.md",
        "docs/deploy.md",
        "docs/developing.md",
        "docs/known-limits.md",
      ]),
    );
  });
});

test("the docs index links to every docs page, the sandbox keys and the known limits", () => {
  const targets = links("docs/README.md").map((t) => t.split("#")[0]);
  const pages = docsPages.filter((p) => p !== "docs/README.md").map((p) => path.relative("docs", p));
  expect(pages.filter((p) => !targets.includes(p))).toEqual([]);
  expect(links("docs/README.md")).toEqual(
    expect.arrayContaining(["developing.md#sandbox-keys-and-fixtures", "known-limits.md"]),
  );
});
