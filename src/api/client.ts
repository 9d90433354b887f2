/** The client of the advertising-analytics service: one core, one namespace per resource. */
import { Core, type ClientOptions } from "./core";
import { Ads } from "./resources/ads";
import { Agents } from "./resources/agents";
import { Incrementality } from "./resources/incrementality";
import { Reports } from "./resources/reports";
import { Search } from "./resources/search";
import { Shows } from "./resources/shows";
import { Tasks } from "./resources/tasks";
import { Advertisers, Campaigns, Users } from "./resources/writes";

export class AdsClient {
  readonly tasks: Tasks;
  readonly reports: Reports;
  readonly shows: Shows;
  readonly search: Search;
  readonly ads: Ads;
  readonly incrementality: Incrementality;
  readonly campaigns: Campaigns;
  readonly advertisers: Advertisers;
  readonly users: Users;
  readonly agents: Agents;
  /** The normalized service base URL. */
  readonly baseUrl: string;

  constructor(options: ClientOptions) {
    const core = new Core(options);
    this.baseUrl = core.base.toString().replace(/\/+$/, "");
    this.tasks = new Tasks(core);
    this.reports = new Reports(core, this.tasks);
    this.shows = new Shows(core);
    this.search = new Search(core);
    this.ads = new Ads(core);
    this.incrementality = new Incrementality(core);
    this.campaigns = new Campaigns(core);
    this.advertisers = new Advertisers(core);
    this.users = new Users(core);
    this.agents = new Agents(core);
  }
}

export type { ClientOptions } from "./core";
