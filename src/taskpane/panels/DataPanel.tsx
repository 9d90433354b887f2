/** Data: episode search, show sheet, individual ads, incrementality, prospects and delivery, one form per file in ./data. */
import { RecentNames } from "../components/FormField";
import { AdsForm } from "./data/AdsForm";
import { DeliveryForm } from "./data/DeliveryForm";
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
      <DeliveryForm />
    </section>
  );
}
