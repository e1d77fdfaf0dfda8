// A scenario whose package clause is not main: gmplab's front end says so.
package solution

func main() {
}
