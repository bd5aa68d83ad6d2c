// A Go client of the hexfold gRPC API, built from the code protoc generates from proto/ with Debian's packages
// (the commands are in README.md, "Go"; tests/it/protos.rs runs exactly those).
//
// Usage: hexfold-go http://HOST:PORT (or HOST:PORT)
//
// It creates a base Catan game, follows it with Subscribe as a spectator, has seat 0 roll for the start, then
// roll again, which the rules refuse: it decodes the google.rpc.ErrorInfo of that refusal (reason and rule id),
// and checks that the stream delivered the caught-up marker and the accepted events, in order. Every call has a
// deadline; the first failed check ends the program with a non-zero status.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	hexfoldv1 "github.com/hexfold/hexfold/gen/go/hexfold/v1"
	catanv1 "github.com/hexfold/hexfold/gen/go/hexfold/v1/catan"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

func check(ok bool, format string, args ...interface{}) {
	what := fmt.Sprintf(format, args...)
	if !ok {
		fmt.Fprintf(os.Stderr, "FAILED: %s\n", what)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", what)
}

// bearer is ctx with the seat token as `authorization: Bearer` metadata.
func bearer(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// errorInfo is the google.rpc.ErrorInfo in a failed call's status details, or nil.
func errorInfo(err error) *errdetails.ErrorInfo {
	for _, detail := range status.Convert(err).Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	return nil
}

func roll(game, id string) *hexfoldv1.SubmitCommandRequest {
	return &hexfoldv1.SubmitCommandRequest{
		GameId:    game,
		CommandId: id,
		Command: &hexfoldv1.Command{Game: &hexfoldv1.Command_Catan{Catan: &catanv1.Command{
			Command: &catanv1.Command_RollDice{RollDice: &catanv1.RollDice{}},
		}}},
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: hexfold-go http://HOST:PORT")
		os.Exit(2)
	}
	// The CLI's form of the address, or the bare HOST:PORT grpc-go dials.
	address := strings.TrimPrefix(os.Args[1], "http://")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := grpc.DialContext(ctx, address, grpc.WithInsecure(), grpc.WithBlock())
	check(err == nil, "connected to %s (%v)", address, err)
	defer conn.Close()
	client := hexfoldv1.NewHexfoldClient(conn)

	created, err := client.CreateGame(ctx, &hexfoldv1.CreateGameRequest{
		Variant: hexfoldv1.Variant_VARIANT_CATAN,
		Seats:   []string{"ann", "bob", "cat"},
	})
	check(err == nil && len(created.Seats) == 3, "CreateGame gives three seat tokens (%v)", err)
	game := created.GameId

	// A spectator's stream of the game: the events so far (none), the caught-up marker, then live events.
	stream, err := client.Subscribe(ctx, &hexfoldv1.SubscribeRequest{GameId: game})
	check(err == nil, "Subscribe opens (%v)", err)
	first, err := stream.Recv()
	check(err == nil && first.GetCaughtUp() != nil && first.GetCaughtUp().Version == 0,
		"a new game's stream starts with the caught-up marker at version 0 (%v)", err)

	seat0 := bearer(ctx, created.Seats[0].Token)
	accepted, err := client.SubmitCommand(seat0, roll(game, "go-1"))
	check(err == nil && accepted.Version >= 1, "seat 0 rolls for the start (%v)", err)

	_, err = client.SubmitCommand(seat0, roll(game, "go-2"))
	check(status.Code(err) == codes.FailedPrecondition, "a second roll is refused: %v", status.Code(err))
	info := errorInfo(err)
	check(info != nil && info.Reason == "NotYourTurn" && info.Domain == "hexfold" &&
		info.Metadata["rule_id"] == "BASE-TURN-01",
		"the refusal's ErrorInfo names the violation and its rule (%v)", info)

	for version := uint64(1); version <= accepted.Version; version++ {
		item, err := stream.Recv()
		check(err == nil && item.GetEvent() != nil && item.GetEvent().Version == version,
			"the stream delivers event %d live (%v)", version, err)
	}
	fmt.Println("go client: all checks passed")
}
