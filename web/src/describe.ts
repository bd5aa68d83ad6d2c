// Commands and events in words: the API's own, which the protos carry as options (see words.ts), so the page says
// what the command line says (`ann rolled 4+4=8`, `build-road 12`).
import type { Command, Event } from "./gen/hexfold/v1/hexfold_pb";
import { commandText, eventText } from "./words";

export function describeCommand(command: Command): string {
  return commandText(command);
}

export function describeEvent(event: Event, seats: readonly string[]): string {
  return eventText(event, seats);
}
