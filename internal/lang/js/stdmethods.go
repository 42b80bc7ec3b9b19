package js

// standardMethods are the methods of JavaScript's own values (arrays,
// strings, objects, functions, promises, numbers, dates) that framework
// code calls all day on values whose type the file does not say:
// val.forEach(), parts.slice(1), value.valueOf(), fn.bind(this),
// result.then(). One repository class defining such a method (mongoose's
// Query.slice, StateMachine.forEach; fastify's thenable Reply.then) says
// nothing about the receiver, so a call of one on an unknown receiver is
// not guessed onto it (Traits.StdMethods). Names frameworks define for
// their own objects as often as the language does (get, set, send, on,
// emit, write, end) are not listed: a guess there is right as often.
func standardMethods() map[string]bool {
	return set(`
		at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat flatMap
		forEach includes indexOf join keys lastIndexOf map pop push reduce reduceRight reverse shift
		slice some sort splice toReversed toSorted toSpliced unshift values
		charAt charCodeAt codePointAt endsWith localeCompare match matchAll normalize padEnd padStart
		repeat replace replaceAll search split startsWith substring substr toLowerCase toUpperCase
		toLocaleLowerCase toLocaleUpperCase trim trimEnd trimStart
		hasOwnProperty isPrototypeOf propertyIsEnumerable toLocaleString toString valueOf
		apply bind call
		then catch finally
		toFixed toPrecision toExponential
		getTime toISOString toUTCString getFullYear getMonth getDate getHours getMinutes getSeconds
		test exec`)
}
