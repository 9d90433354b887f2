/**
 * The run's parameters: a name and value per row, added and removed one by one, or read from a
 * two-column range. Removing a row moves focus to the row that takes its place.
 */
import type { Dispatch, RefObject, SetStateAction } from "react";
import { Button, Input, Label } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { find, type useFocusAfterRender } from "../../focus";
import type { ParamPair } from "../../../writebacks/agentParams";
import { paramNameNote, paramWords } from "../../../writebacks/agentParamWords";
import { useAgentsStyles } from "./agentsStyles";

export interface AgentParamsProps {
  pairs: readonly ParamPair[];
  setPairs: Dispatch<SetStateAction<ParamPair[]>>;
  /** The prefix of each row's ids (the panel's useId, so the DOM ids stay put). */
  idPrefix: string;
  /** The panel's section, where focus targets are found. */
  root: RefObject<HTMLElement>;
  focusAfterRender: ReturnType<typeof useFocusAfterRender>;
  onReadRange(): void;
  /** Parameter names used with any agent here: offered in every Name box. */
  knownNames?: readonly string[];
}

export function AgentParams({
  pairs,
  setPairs,
  idPrefix,
  root,
  focusAfterRender,
  onReadRange,
  knownNames = [],
}: AgentParamsProps) {
  const namesList = `${idPrefix}-known-names`;
  const styles = useAgentsStyles();
  const setPair = (i: number, patch: Partial<ParamPair>): void =>
    setPairs((prev) => prev.map((p, k) => (k === i ? { ...p, ...patch } : p)));
  const remove = (i: number): void => {
    setPairs((prev) => prev.filter((_, k) => k !== i));
    // Rows are positional: the next row takes this place; removing the last row
    // moves focus to the row above, or to Add parameter.
    focusAfterRender(
      find(root, `[data-remove-param="${i}"]`),
      find(root, `[data-remove-param="${i - 1}"]`),
      find(root, ".add-param"),
    );
  };
  return (
    // A fieldset, not a Field: a Field hands its one control id to every input inside it.
    <fieldset>
      <legend>Parameters</legend>
      <div className={styles.root}>
        {pairs.map((p, i) => (
          <ParamRow
            key={i}
            pair={p}
            index={i}
            id={`${idPrefix}-${i}`}
            namesList={knownNames.length ? namesList : undefined}
            onChange={setPair}
            onRemove={remove}
          />
        ))}
        {knownNames.length > 0 && (
          <datalist id={namesList}>
            {/* The name is what the box takes and the service gets; its words are what the list shows. */}
            {knownNames.map((n) => (
              <option key={n} value={n} label={paramWords(n)} />
            ))}
          </datalist>
        )}
        <div className={styles.row}>
          <Button
            className="add-param"
            onClick={() => {
              setPairs((prev) => [...prev, { name: "", value: "" }]);
              focusAfterRender(find(root, `[data-param-name="${pairs.length}"]`));
            }}
          >
            Add parameter
          </Button>
          <Button onClick={onReadRange}>Read from selected range</Button>
        </div>
      </div>
    </fieldset>
  );
}

interface ParamRowProps {
  pair: ParamPair;
  index: number;
  id: string;
  /** The id of the list of names used before, offered as the Name is typed. */
  namesList?: string;
  onChange(index: number, patch: Partial<ParamPair>): void;
  onRemove(index: number): void;
}

/** "Parameter n" with its Remove button, then its Name and Value. */
function ParamRow({ pair, index: i, id, namesList, onChange, onRemove }: ParamRowProps) {
  const styles = useAgentsStyles();
  return (
    <div className={styles.pair} role="group" aria-labelledby={id}>
      <div className={styles.pairHead}>
        <Text id={id} weight="semibold">
          Parameter {i + 1}
        </Text>
        <Button
          size="small"
          appearance="subtle"
          aria-label={`Remove parameter ${i + 1}`}
          data-remove-param={i}
          onClick={() => onRemove(i)}
        >
          Remove
        </Button>
      </div>
      <div className={styles.pairField}>
        <Label id={`${id}-name`} htmlFor={`${id}-name-input`}>
          Name
        </Label>
        <Input
          id={`${id}-name-input`}
          aria-label={`Parameter ${i + 1} name`}
          data-param-name={i}
          list={namesList}
          value={pair.name}
          onChange={(_, d) => onChange(i, { name: d.value })}
          aria-describedby={paramNameNote(pair.name) ? `${id}-name-words` : undefined}
        />
        {paramNameNote(pair.name) && (
          <Text size={200} id={`${id}-name-words`} data-testid="param-name-words">
            {paramNameNote(pair.name)}
          </Text>
        )}
      </div>
      <div className={styles.pairField}>
        <Label id={`${id}-value`} htmlFor={`${id}-value-input`}>
          Value
        </Label>
        <Input
          id={`${id}-value-input`}
          aria-label={`Parameter ${i + 1} value`}
          value={pair.value}
          onChange={(_, d) => onChange(i, { value: d.value })}
        />
      </div>
    </div>
  );
}
