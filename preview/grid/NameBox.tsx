/**
 * Excel's name box: shows the selected cell or range; type a reference (B12, Sheet2!C3, A1:C5,
 * 'My sheet'!B2), a table name or a defined name and press Enter to select it. A reference that
 * does not resolve keeps the text and says so, as Excel does ("Reference isn't valid").
 */
import { useEffect, useState } from "react";

export function NameBox({ address, go }: { address: string; go: (target: string) => string | null }) {
  const [text, setText] = useState(address);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText(address);
    setProblem(null);
  }, [address]);
  return (
    <span className="name-box-wrap">
      <label htmlFor="name-box" className="visually-hidden">
        Name box: the selected cell; type a reference and press Enter to go there
      </label>
      <input
        id="name-box"
        className="name-box"
        value={text}
        spellCheck={false}
        aria-invalid={problem !== null}
        aria-describedby={problem ? "name-box-problem" : undefined}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            setProblem(go(text));
          } else if (e.key === "Escape") {
            setText(address);
            setProblem(null);
          }
        }}
      />
      {problem && (
        <span id="name-box-problem" role="alert" className="name-box-problem">
          {problem}
        </span>
      )}
    </span>
  );
}
