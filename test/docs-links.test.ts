/**
 * The README and docs/ stand on their own for someone who has only the repository: every relative
 * link points at a file in it (and, for #anchors into our own docs, at a heading there), and none
 * points outside it (the team's ../shared folder is not part of a clone).
 */
import { existsSync, readFileSync, readdirSync } from "fs";
import path from "path";

const root = path.join(__dirname, "..");
const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

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
