/** Data: episode search, show sheet, individual ads, incrementality and prospects, one form per file in ./data. */
import { RecentNames } from "../components/FormField";
import { AdsForm } from "./data/AdsForm";
import { IncrementalityForm } from "./data/IncrementalityForm";
import { ProspectsForm } from "./data/ProspectsForm";
import { SearchForm } from "./data/SearchForm";
import { ShowForm } from "./data/ShowForm";

export function DataPanel() {
  return (
    <section aria-label="Data" className="panel">
      <RecentNames />
      <SearchForm />
      <ShowForm />
      <AdsForm />
      <IncrementalityForm />
      <ProspectsForm />
    </section>
  );
}
