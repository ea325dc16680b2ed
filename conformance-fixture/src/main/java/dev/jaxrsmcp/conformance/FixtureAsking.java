package dev.jaxrsmcp.conformance;

import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.context.McpContext.Answer;
import dev.jaxrsmcp.context.McpContext.Question;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The routes behind the suite's scenarios that ask the client during a tool call: multi-round
 * requests (2026-07-28, {@code input_required}) and server requests on the call's stream
 * (2025-11-25). Each is an ordinary JAX-RS route that asks through {@link McpContext#ask} before it
 * answers, and changes nothing.
 */
@Path("/asking")
@Produces("text/plain")
public class FixtureAsking {

  private static Map<String, Object> form(Map<String, Object> properties, List<String> required) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    if (!required.isEmpty()) {
      schema.put("required", required);
    }
    return schema;
  }

  private static Map<String, Object> string() {
    return Map.of("type", "string");
  }

  private static Question name(String key, String message) {
    return Question.elicit(key, message, form(Map.of("name", string()), List.of("name")));
  }

  @POST
  @Path("elicitation")
  @McpTool(name = "test_input_required_result_elicitation", description = "Asks the user's name")
  public String elicitation(@Context McpContext mcp) {
    Answer answer = mcp.ask(name("user_name", "What is your name?")).get("user_name");
    return "Hello, " + answer.content().get("name") + "!";
  }

  @POST
  @Path("sampling")
  @McpTool(name = "test_input_required_result_sampling", description = "Asks the client's model")
  public String sampling(@Context McpContext mcp) {
    Answer answer =
        mcp.ask(Question.sample("capital_question", "What is the capital of France?", 100))
            .get("capital_question");
    return "The model said: " + answer.text();
  }

  @POST
  @Path("list-roots")
  @McpTool(name = "test_input_required_result_list_roots", description = "Asks the client's roots")
  public String listRoots(@Context McpContext mcp) {
    return "Roots: " + mcp.ask(Question.listRoots("client_roots")).get("client_roots").roots();
  }

  @POST
  @Path("request-state")
  @McpTool(
      name = "test_input_required_result_request_state",
      description = "Asks a confirmation; its answer comes back with the request state")
  public String requestState(@Context McpContext mcp) {
    mcp.ask(
        Question.elicit(
            "confirm",
            "Please confirm",
            form(Map.of("ok", Map.of("type", "boolean")), List.of("ok"))));
    return "state-ok: the request state was verified";
  }

  @POST
  @Path("tampered-state")
  @McpTool(
      name = "test_input_required_result_tampered_state",
      description = "Asks a confirmation; a changed request state is refused")
  public String tamperedState(@Context McpContext mcp) {
    mcp.ask(
        Question.elicit(
            "confirm",
            "Please confirm",
            form(Map.of("ok", Map.of("type", "boolean")), List.of("ok"))));
    return "state-ok";
  }

  @POST
  @Path("multiple-inputs")
  @McpTool(
      name = "test_input_required_result_multiple_inputs",
      description = "Asks the user, the model and the roots at once")
  public String multipleInputs(@Context McpContext mcp) {
    Map<String, Answer> answers =
        mcp.ask(
            name("user_name", "What is your name?"),
            Question.sample("greeting", "Generate a greeting", 50),
            Question.listRoots("client_roots"));
    return answers.get("greeting").text()
        + ", "
        + answers.get("user_name").content().get("name")
        + " (roots "
        + answers.get("client_roots").roots()
        + ")";
  }

  @POST
  @Path("multi-round")
  @McpTool(
      name = "test_input_required_result_multi_round",
      description = "Asks a name, then a favourite colour")
  public String multiRound(@Context McpContext mcp) {
    Answer name = mcp.ask(name("step1", "Step 1: What is your name?")).get("step1");
    Answer color =
        mcp.ask(
                Question.elicit(
                    "step2",
                    "Step 2: What is your favorite color?",
                    form(Map.of("color", string()), List.of("color"))))
            .get("step2");
    return name.content().get("name") + " likes " + color.content().get("color");
  }

  @POST
  @Path("capabilities")
  @McpTool(
      name = "test_input_required_result_capabilities",
      description = "Asks only what the client declared it can answer")
  public String capabilities(@Context McpContext mcp) {
    List<Question> questions = new ArrayList<>();
    if (mcp.clientSupports(Question.Kind.ELICITATION)) {
      questions.add(name("user_name", "What is your name?"));
    }
    if (mcp.clientSupports(Question.Kind.SAMPLING)) {
      questions.add(Question.sample("greeting", "Generate a greeting", 50));
    }
    if (mcp.clientSupports(Question.Kind.ROOTS)) {
      questions.add(Question.listRoots("client_roots"));
    }
    return "Answered: " + mcp.ask(questions.toArray(Question[]::new)).keySet();
  }

  /** Needs sampling, which a client that did not declare it cannot give: -32021. */
  @POST
  @Path("missing-capability")
  @McpTool(name = "test_missing_capability", description = "Needs the client's sampling")
  public String missingCapability(@Context McpContext mcp) {
    return "The model said: " + mcp.sample("Say hello", 20).text();
  }

  @POST
  @Path("streaming-elicitation")
  @McpTool(name = "test_streaming_elicitation", description = "Asks the user's name")
  public String streamingElicitation(@Context McpContext mcp) {
    return "Hello, " + mcp.ask(name("user_name", "What is your name?")).get("user_name").content();
  }

  @POST
  @Path("sampling-prompt")
  @McpTool(name = "test_sampling", description = "Asks the client's model to answer a prompt")
  public String testSampling(@QueryParam("prompt") String prompt, @Context McpContext mcp) {
    return "LLM response: " + mcp.sample(prompt == null ? "" : prompt, 100).text();
  }

  @POST
  @Path("elicit-message")
  @McpTool(name = "test_elicitation", description = "Asks the user for a username and email")
  public String testElicitation(@QueryParam("message") String message, @Context McpContext mcp) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("username", Map.of("type", "string", "description", "User's response"));
    properties.put("email", Map.of("type", "string", "description", "User's email address"));
    Answer answer =
        mcp.elicit(message == null ? "" : message, form(properties, List.of("username", "email")));
    return "User response: action=" + answer.action() + ", content=" + answer.content();
  }

  @POST
  @Path("elicitation-defaults")
  @McpTool(
      name = "test_elicitation_sep1034_defaults",
      description = "Asks a form whose fields have defaults")
  public String defaults(@Context McpContext mcp) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "name", Map.of("type", "string", "description", "User name", "default", "John Doe"));
    properties.put("age", Map.of("type", "integer", "description", "User age", "default", 30));
    properties.put("score", Map.of("type", "number", "description", "User score", "default", 95.5));
    properties.put(
        "status",
        Map.of(
            "type",
            "string",
            "description",
            "User status",
            "enum",
            List.of("active", "inactive", "pending"),
            "default",
            "active"));
    properties.put(
        "verified",
        Map.of("type", "boolean", "description", "Verification status", "default", true));
    Answer answer =
        mcp.elicit(
            "Please review and update the form fields with defaults", form(properties, List.of()));
    return "Elicitation completed: action=" + answer.action() + ", content=" + answer.content();
  }

  @POST
  @Path("elicitation-enums")
  @McpTool(name = "test_elicitation_sep1330_enums", description = "Asks a form of enum fields")
  public String enums(@Context McpContext mcp) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "untitledSingle",
        Map.of("type", "string", "enum", List.of("option1", "option2", "option3")));
    properties.put(
        "titledSingle",
        Map.of(
            "type",
            "string",
            "oneOf",
            List.of(
                Map.of("const", "value1", "title", "First Option"),
                Map.of("const", "value2", "title", "Second Option"),
                Map.of("const", "value3", "title", "Third Option"))));
    properties.put(
        "legacyEnum",
        Map.of(
            "type",
            "string",
            "enum",
            List.of("opt1", "opt2", "opt3"),
            "enumNames",
            List.of("Option One", "Option Two", "Option Three")));
    properties.put(
        "untitledMulti",
        Map.of(
            "type",
            "array",
            "items",
            Map.of("type", "string", "enum", List.of("option1", "option2", "option3"))));
    properties.put(
        "titledMulti",
        Map.of(
            "type",
            "array",
            "items",
            Map.of(
                "anyOf",
                List.of(
                    Map.of("const", "value1", "title", "First Choice"),
                    Map.of("const", "value2", "title", "Second Choice"),
                    Map.of("const", "value3", "title", "Third Choice")))));
    Answer answer =
        mcp.elicit("Please select options from the enum fields", form(properties, List.of()));
    return "Elicitation completed: action=" + answer.action() + ", content=" + answer.content();
  }
}
